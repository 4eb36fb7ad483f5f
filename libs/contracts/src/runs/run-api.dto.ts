import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { CheckOutcome, RunStatus } from './run-status';
import { IsInstant } from '../instant';
import { QueryInteger } from '../query-integer';

export const RUN_LIST_DEFAULT_LIMIT = 50;
export const RUN_LIST_MAX_LIMIT = 200;

/** `POST /suites/{id}/run` body (optional). */
export class TriggerRunRequest {
  /**
   * A suite never runs twice at once: a trigger while a run is queued returns that run, and a run
   * queued while another runs waits for it. `true` asks for a run of its own that may overlap.
   */
  @IsOptional()
  @IsBoolean()
  allow_concurrent?: boolean;
}

/** `GET /runs`: newest first, keyset-paginated through `cursor`. */
export class RunListQuery {
  @IsOptional()
  @IsUUID()
  suite_id?: string;

  /** One status or several, comma-separated (`queued,running`). */
  @ValidateIf((_o, value) => value !== undefined)
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.split(',').map((part) => part.trim()) : value,
  )
  @IsArray()
  @IsIn(Object.values(RunStatus), { each: true })
  status?: RunStatus[];

  /** Runs created at or after this instant. */
  @IsOptional()
  @IsInstant()
  since?: string;

  /** Runs created before this instant. */
  @IsOptional()
  @IsInstant()
  until?: string;

  @IsOptional()
  @QueryInteger()
  @IsInt()
  @Min(1)
  @Max(RUN_LIST_MAX_LIMIT)
  limit?: number;

  /** The `next_cursor` of the previous page (opaque), as every list takes it. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  cursor?: string;

  /** The same as `cursor` (its older name); `cursor` wins when both are given. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  before?: string;
}

/** One run as lists and the run page show it. */
export class RunView {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  suite_id!: string;

  @ApiProperty()
  suite_name!: string;

  @ApiProperty({ enum: Object.values(RunStatus) })
  status!: RunStatus;

  /** Why a run ended `failed` (`worker_lost`, `datasource_unreachable`, ...), else null. */
  @ApiProperty({ type: String, nullable: true })
  reason!: string | null;

  @ApiProperty()
  trigger!: string;

  @ApiProperty()
  allow_concurrent!: boolean;

  @ApiProperty()
  total_checks!: number;

  @ApiProperty()
  completed_checks!: number;

  /** Checks per outcome, over the results recorded so far. */
  @ApiProperty({ type: 'object', additionalProperties: true })
  outcome_counts!: Partial<Record<CheckOutcome, number>>;

  /** Severity-weighted score over the recorded results; null while none is scorable. */
  @ApiProperty({ type: Number, nullable: true })
  health_score!: number | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  started_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at!: string | null;

  /** From start to finish (or to now while running); null before it starts. */
  @ApiProperty({ type: Number, nullable: true })
  duration_ms!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  cancel_requested_at!: string | null;
}

/** One check's result in a run. */
export class RunResultView {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  check_id!: string;

  /** The check as it is now; null when it has since been deleted. */
  @ApiProperty({ type: String, nullable: true })
  check_name!: string | null;

  @ApiProperty()
  kind!: string;

  @ApiProperty({ type: String, nullable: true })
  dimension!: string | null;

  /** The check version the run evaluated (frozen at trigger). */
  @ApiProperty({ type: Number, nullable: true })
  check_version!: number | null;

  @ApiProperty({ enum: Object.values(CheckOutcome) })
  outcome!: CheckOutcome;

  /** Null for custom SQL (pass/fail only) and where nothing was measured. */
  @ApiProperty({ type: Number, nullable: true })
  metric_value!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  unexpected_count!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  unexpected_percent!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  started_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  duration_ms!: number | null;

  /** Failing rows, redacted before they were stored; empty under zero-sample mode or once purged. */
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  samples!: Record<string, unknown>[];

  @ApiProperty()
  samples_purged!: boolean;

  /** Everything else the evaluation recorded (observed values, buckets, reasons of an `error`). */
  @ApiProperty({ type: 'object', additionalProperties: true })
  detail!: Record<string, unknown>;
}

export class RunDetailView extends RunView {
  @ApiProperty({ type: [RunResultView] })
  results!: RunResultView[];
}

export class RunPage {
  @ApiProperty({ type: [RunView] })
  items!: RunView[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** `GET /runs/{id}/progress`. */
export class RunProgressView {
  @ApiProperty()
  run_id!: string;

  @ApiProperty({ enum: Object.values(RunStatus) })
  status!: RunStatus;

  @ApiProperty()
  completed_checks!: number;

  @ApiProperty()
  total_checks!: number;
}

/** One recorded check in a run's progress. */
export class RunProgressCheckView {
  @ApiProperty()
  check_id!: string;

  /** The check as it is now; null when it has since been deleted. */
  @ApiProperty({ type: String, nullable: true })
  check_name!: string | null;

  @ApiProperty({ enum: Object.values(CheckOutcome) })
  outcome!: CheckOutcome;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at!: string | null;
}

/** Status polling with each recorded check's outcome (the MCP `get_run_status` tool). */
export class RunProgressWithChecksView extends RunProgressView {
  /** Why a run ended `failed`, else null. */
  @ApiProperty({ type: String, nullable: true })
  reason!: string | null;

  @ApiProperty({ type: [RunProgressCheckView] })
  checks!: RunProgressCheckView[];
}

/** `POST /suites/{id}/run`: the run id in `id`; `deduplicated` when a queued or running run was returned. */
export class TriggeredRunView {
  @ApiProperty()
  id!: string;

  @ApiProperty({ enum: Object.values(RunStatus) })
  status!: RunStatus;

  @ApiProperty()
  total_checks!: number;

  @ApiProperty()
  deduplicated!: boolean;
}

/** `POST /runs/{id}/cancel`. */
export class CancelledRunView {
  @ApiProperty()
  id!: string;

  /** `cancelled` at once for a queued run; `running` until the runner stops a running one. */
  @ApiProperty({ enum: Object.values(RunStatus) })
  status!: RunStatus;

  @ApiProperty({ format: 'date-time' })
  cancel_requested_at!: string;
}

/** Audit event names of the runs context. */
export const RunAuditAction = {
  Listed: 'run.listed',
  Read: 'run.read',
  CancelRequested: 'run.cancel_requested',
  ComparisonReportRead: 'run.comparison_report_read',
} as const;
export type RunAuditAction = (typeof RunAuditAction)[keyof typeof RunAuditAction];

/** The formats of `GET /runs/{id}/results/{rid}/comparison_report`. */
export const COMPARISON_REPORT_FORMATS = ['csv', 'xlsx'] as const;

/** `GET /runs/{id}/results/{rid}/comparison_report?format=csv|xlsx` (CSV when left out). */
export class ComparisonReportQuery {
  @IsOptional()
  @IsIn(COMPARISON_REPORT_FORMATS)
  format?: (typeof COMPARISON_REPORT_FORMATS)[number];
}
