import { IsIn, IsInt, IsISO8601, IsObject, IsOptional, IsString, IsUUID, Min } from 'class-validator';
import { CheckOutcome, RunFailureReason, RunStatus } from './run-status';

/** JetStream event: a run reached a terminal state. Published once per run (message id = run id). */
export class RunCompletedEvent {
  @IsUUID()
  event_id!: string;

  @IsUUID()
  run_id!: string;

  @IsUUID()
  suite_id!: string;

  @IsIn([RunStatus.Succeeded, RunStatus.Failed, RunStatus.Cancelled])
  status!: RunStatus;

  @IsOptional()
  @IsIn(Object.values(RunFailureReason))
  reason?: RunFailureReason | null;

  /** Count of checks per outcome. */
  @IsObject()
  outcome_counts!: Partial<Record<CheckOutcome, number>>;

  @IsInt()
  @Min(0)
  total_checks!: number;

  @IsISO8601()
  finished_at!: string;
}

/** Core NATS (not persisted): per-check progress of a running run. */
export class RunProgressEvent {
  @IsUUID()
  run_id!: string;

  @IsString()
  status!: RunStatus;

  @IsInt()
  @Min(0)
  completed_checks!: number;

  @IsInt()
  @Min(0)
  total_checks!: number;
}

/** BullMQ job payload of `runs/execute-run`. The job id is the run id, so one run is one job. */
export class ExecuteRunJob {
  @IsUUID()
  run_id!: string;
}
