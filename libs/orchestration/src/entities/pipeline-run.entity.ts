import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { type NearMissReason, type PipelineProvider, type PipelineRunStatus } from '@dq/contracts';

/**
 * One observed orchestrator run, keyed by (provider, pipeline, env, the orchestrator's run id), so
 * an event delivered again, or the same run seen by webhook and by poll, is one row. A succeeded
 * run is judged once against the bindings: how many fired, and when none did, the closest binding
 * and why it did not match (a near-miss).
 */
@Entity({ name: 'pipeline_runs' })
@Check('pipeline_runs_provider_check', `"provider" IN ('factory', 'scheduler', 'builder')`)
@Check('pipeline_runs_status_check', `"status" IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')`)
@Check(
  'pipeline_runs_near_miss_reason_check',
  `"near_miss_reason" IN ('disabled', 'suite_deleted', 'id_differs_by_case_or_whitespace', 'other_environment', 'none')`,
)
@Index('pipeline_runs_identity_key', ['provider', 'pipelineId', 'env', 'externalRunId'], { unique: true })
@Index('pipeline_runs_near_misses_idx', ['receivedAt', 'id'], { where: `"near_miss_reason" IS NOT NULL` })
export class PipelineRunEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'pipeline_runs_pkey' })
  id!: string;

  @Column({ name: 'provider', type: 'text' })
  provider!: PipelineProvider;

  @Column({ name: 'pipeline_id', type: 'text' })
  pipelineId!: string;

  @Column({ name: 'env', type: 'text' })
  env!: string;

  /** The orchestrator's run id. */
  @Column({ name: 'external_run_id', type: 'text' })
  externalRunId!: string;

  @Column({ name: 'status', type: 'text' })
  status!: PipelineRunStatus;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  /** When the observer first saw the run. */
  @Column({ name: 'observed_at', type: 'timestamptz' })
  observedAt!: Date;

  /** When this service first recorded it. */
  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt!: Date;

  /** Enabled bindings with an existing suite that matched it; null until a succeeded run is judged. */
  @Column({ name: 'matched_bindings', type: 'int', nullable: true })
  matchedBindings!: number | null;

  /** Set only for a succeeded run that matched no binding: why its closest binding did not. */
  @Column({ name: 'near_miss_reason', type: 'text', nullable: true })
  nearMissReason!: NearMissReason | null;

  /** That closest binding (no foreign key: a deleted binding leaves the reason standing). */
  @Column({ name: 'near_miss_binding_id', type: 'uuid', nullable: true })
  nearMissBindingId!: string | null;
}
