import {
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Min,
} from 'class-validator';
import { CheckOutcome, RunFailureReason, RunStatus, RunTrigger } from './run-status';

/** One check of a finished run, as alerting and lineage need it. */
export interface RunCompletedCheck {
  check_id: string;
  /** As the check is named now; null once deleted. */
  check_name: string | null;
  kind: string;
  check_version: number;
  /** Null when the run stopped (cancelled, failed) before the check was evaluated. */
  outcome: CheckOutcome | null;
  /** `warn`, `fail` or `critical` when the outcome is one; else null. */
  severity: CheckOutcome | null;
  metric_value: number | null;
  unexpected_percent: number | null;
  /** The check's outcome in the suite's previous finished run; null when it had none. */
  previous_outcome: CheckOutcome | null;
  /** Alerts for the check are suppressed until then. */
  snoozed_until: string | null;
}

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
  @IsString()
  suite_name?: string | null;

  @IsOptional()
  @IsIn(Object.values(RunFailureReason))
  reason?: RunFailureReason | null;

  @IsOptional()
  @IsIn(Object.values(RunTrigger))
  trigger?: RunTrigger;

  /** What the run read: its connection and target (null for runs without a target). */
  @IsOptional()
  @IsObject()
  target?: { connection_id: string; target: string } | null;

  /** Per check: outcome, severity, previous outcome, snooze. */
  @IsOptional()
  @IsArray()
  checks?: RunCompletedCheck[];

  @IsOptional()
  @IsUUID()
  previous_run_id?: string | null;

  @IsOptional()
  @IsISO8601()
  started_at?: string | null;

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

/** Core NATS (not persisted): a cancel was requested; the row's `cancel_requested_at` is the record. */
export class RunCancelRequestedEvent {
  @IsUUID()
  run_id!: string;
}

/** BullMQ job payload of `runs/execute-run`. The job id is the run id, so one run is one job. */
export class ExecuteRunJob {
  @IsUUID()
  run_id!: string;
}
