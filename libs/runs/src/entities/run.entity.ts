import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type {
  CheckOutcome,
  RunFailureReason,
  RunPlanItem,
  RunStatus,
  RunTarget,
  RunTrigger,
} from '@dq/contracts';

// Constraint and index names match PostgreSQL's own defaults, so the migration and the entity name
// them alike and the drift check compares like with like.
@Entity({ name: 'runs' })
@Check('runs_status_check', `"status" IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')`)
@Check('runs_trigger_check', `"trigger" IN ('manual', 'schedule', 'pipeline', 'api')`)
@Index('runs_suite_id_created_at_id_idx', ['suiteId', 'createdAt', 'id'])
@Index('runs_suite_id_finished_newest_idx', ['suiteId', 'createdAt', 'id'], {
  where: `"status" IN ('succeeded', 'failed', 'cancelled')`,
})
@Index('runs_status_active_idx', ['status'], { where: `"status" IN ('queued', 'running')` })
@Index('runs_one_running_per_suite_idx', ['suiteId'], {
  unique: true,
  where: `"status" = 'running' AND NOT "allow_concurrent"`,
})
@Index('runs_created_at_id_idx', ['createdAt', 'id'])
export class RunEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'runs_pkey' })
  id!: string;

  @Column({ name: 'suite_id', type: 'uuid' })
  suiteId!: string;

  @Column({ name: 'status', type: 'text', default: 'queued' })
  status!: RunStatus;

  @Column({ name: 'trigger', type: 'text' })
  trigger!: RunTrigger;

  @Column({ name: 'reason', type: 'text', nullable: true })
  reason!: RunFailureReason | null;

  @Column({ name: 'plan', type: 'jsonb', default: () => `'[]'` })
  plan!: RunPlanItem[];

  @Column({ name: 'target', type: 'jsonb', nullable: true })
  target!: RunTarget | null;

  /** Asked to run even while another run of its suite runs (and never deduplicated). */
  @Column({ name: 'allow_concurrent', type: 'boolean', default: false })
  allowConcurrent!: boolean;

  @Column({ name: 'total_checks', type: 'int', default: 0 })
  totalChecks!: number;

  @Column({ name: 'completed_checks', type: 'int', default: 0 })
  completedChecks!: number;

  /**
   * The results counted by outcome: started by the run's claim, moved by the statement that records
   * each result. Null for a run never claimed since the column exists (reads then count its results).
   */
  @Column({ name: 'outcome_counts', type: 'jsonb', nullable: true })
  outcomeCounts!: Partial<Record<CheckOutcome, number>> | null;

  @Column({ name: 'attempt', type: 'int', default: 0 })
  attempt!: number;

  @Column({ name: 'worker_id', type: 'text', nullable: true })
  workerId!: string | null;

  @Column({ name: 'lease_expires_at', type: 'timestamptz', nullable: true })
  leaseExpiresAt!: Date | null;

  @Column({ name: 'cancel_requested_at', type: 'timestamptz', nullable: true })
  cancelRequestedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
