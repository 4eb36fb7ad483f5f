import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { CheckOutcome } from '@dq/contracts';
import { RunEntity } from './run.entity';

/** The outcome of one check in one run. Keyed by (run, check): a redelivered job cannot add a second. */
@Entity({ name: 'run_results' })
@Index('run_results_check_id_idx', ['checkId'])
@Index('run_results_samples_due_idx', ['finishedAt'], { where: `"samples_purged_at" IS NULL` })
@Unique('run_results_run_id_check_id_key', ['runId', 'checkId'])
@Check('run_results_outcome_check', `"outcome" IN ('pass', 'warn', 'fail', 'critical', 'error', 'skip')`)
export class RunResultEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'run_results_pkey' })
  id!: string;

  @Column({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @ManyToOne(() => RunEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'run_results_run_id_fkey' })
  run?: RunEntity;

  @Column({ name: 'check_id', type: 'uuid' })
  checkId!: string;

  @Column({ name: 'outcome', type: 'text' })
  outcome!: CheckOutcome;

  @Column({ name: 'metric_value', type: 'double precision', nullable: true })
  metricValue!: number | null;

  @Column({ name: 'detail', type: 'jsonb', default: () => `'{}'` })
  detail!: Record<string, unknown>;

  /** When the retention sweep removed this result's failing-row samples (the metric is kept). */
  @Column({ name: 'samples_purged_at', type: 'timestamptz', nullable: true })
  samplesPurgedAt!: Date | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
