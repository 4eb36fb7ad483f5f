import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ListPageQuery } from '../paging/list-page';

/** Incident lifecycle states (docs/decisions/0047). */
export const IncidentState = {
  Open: 'open',
  Acknowledged: 'acknowledged',
  Resolved: 'resolved',
} as const;
export type IncidentState = (typeof IncidentState)[keyof typeof IncidentState];
export const INCIDENT_STATES: readonly IncidentState[] = Object.values(IncidentState);

/** The severities an incident carries: the highest failing tier seen while it was open. */
export const IncidentSeverity = {
  Warn: 'warn',
  Fail: 'fail',
  Critical: 'critical',
} as const;
export type IncidentSeverity = (typeof IncidentSeverity)[keyof typeof IncidentSeverity];
export const INCIDENT_SEVERITIES: readonly IncidentSeverity[] = Object.values(IncidentSeverity);

/** Why an incident was resolved by hand. */
export const IncidentResolveReason = {
  Fixed: 'fixed',
  Expected: 'expected',
  FalsePositive: 'false_positive',
  NoActionNeeded: 'no_action_needed',
} as const;
export type IncidentResolveReason = (typeof IncidentResolveReason)[keyof typeof IncidentResolveReason];
export const INCIDENT_RESOLVE_REASONS: readonly IncidentResolveReason[] =
  Object.values(IncidentResolveReason);

/** Longest resolve comment (characters), the spec's description limit. */
export const INCIDENT_COMMENT_MAX_LENGTH = 4000;

/** `GET /incidents`: incidents of suites the caller can view, newest first. */
export class IncidentListQuery extends ListPageQuery {
  @ApiPropertyOptional({ enum: INCIDENT_STATES })
  @IsOptional()
  @IsIn(INCIDENT_STATES)
  state?: IncidentState;

  @IsOptional()
  @IsUUID()
  suite_id?: string;

  @ApiPropertyOptional({ enum: INCIDENT_SEVERITIES })
  @IsOptional()
  @IsIn(INCIDENT_SEVERITIES)
  severity?: IncidentSeverity;
}

/** `POST /incidents/{id}/resolve`: both fields optional. */
export class ResolveIncidentRequest {
  @ApiPropertyOptional({ enum: INCIDENT_RESOLVE_REASONS })
  @IsOptional()
  @IsIn(INCIDENT_RESOLVE_REASONS)
  reason?: IncidentResolveReason;

  @IsOptional()
  @IsString()
  @MaxLength(INCIDENT_COMMENT_MAX_LENGTH)
  comment?: string;
}

/** The check an incident is about, now and at the version that failed. */
export class IncidentEvidenceCheck {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Null once the check was deleted.' })
  name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  kind!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'The check version now.' })
  current_version!: number | null;

  @ApiProperty({ description: 'The check version the latest failure ran.' })
  failed_version!: number;
}

/** One of the check's recent runs. */
export class IncidentEvidenceRun {
  @ApiProperty({ format: 'uuid' })
  run_id!: string;

  @ApiProperty()
  outcome!: string;

  @ApiProperty({ type: Number, nullable: true })
  metric_value!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at!: string | null;
}

/** The latest failing result: its metric against the check's thresholds and its redacted samples. */
export class IncidentEvidenceResult {
  @ApiProperty({ format: 'uuid' })
  run_id!: string;

  @ApiProperty()
  outcome!: string;

  @ApiProperty({ type: Number, nullable: true })
  metric_value!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  unexpected_percent!: number | null;

  @ApiProperty({ type: Object, nullable: true, description: 'The thresholds the result was judged by.' })
  thresholds!: Record<string, unknown> | null;

  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description:
      'Failing-row samples, redacted as the run result shows them; empty under zero-sample mode or once purged.',
  })
  samples!: Record<string, unknown>[];

  @ApiProperty()
  samples_purged!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at!: string | null;
}

/** The evidence card, built when read. */
export class IncidentEvidence {
  @ApiProperty({ type: IncidentEvidenceCheck })
  check!: IncidentEvidenceCheck;

  @ApiProperty({ type: IncidentEvidenceResult, nullable: true })
  latest_failure!: IncidentEvidenceResult | null;

  @ApiProperty({ type: [IncidentEvidenceRun], description: "The check's last 10 runs, newest first." })
  recent_runs!: IncidentEvidenceRun[];

  @ApiProperty({ type: Object, nullable: true, description: 'Null until assets exist.' })
  asset!: Record<string, unknown> | null;
}

/** An incident as the API answers it. */
export class IncidentResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  suite_id!: string;

  @ApiProperty({ format: 'uuid' })
  check_id!: string;

  @ApiProperty({ enum: INCIDENT_STATES })
  state!: IncidentState;

  @ApiProperty({ enum: INCIDENT_SEVERITIES })
  severity!: IncidentSeverity;

  @ApiProperty({ format: 'date-time' })
  opened_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  acknowledged_at!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  acknowledged_by!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  resolved_at!: string | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Null when a clean run resolved it.',
  })
  resolved_by!: string | null;

  @ApiProperty({ enum: INCIDENT_RESOLVE_REASONS, nullable: true })
  resolve_reason!: IncidentResolveReason | null;

  @ApiProperty({ type: String, nullable: true })
  resolve_comment!: string | null;

  @ApiProperty({ description: 'Failing runs attached to the incident.' })
  failure_count!: number;

  @ApiProperty({ format: 'uuid' })
  opened_by_run_id!: string;

  @ApiProperty({ format: 'uuid' })
  last_run_id!: string;

  @ApiPropertyOptional({ type: IncidentEvidence, description: 'On `GET /incidents/{id}` only.' })
  evidence?: IncidentEvidence;
}

/** One page of `GET /incidents`, newest first. */
export class IncidentPage {
  @ApiProperty({ type: [IncidentResponse] })
  items!: IncidentResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** Audit event names of incidents. */
export const IncidentAuditAction = {
  Acknowledged: 'incident.acknowledged',
  Resolved: 'incident.resolved',
} as const;
export type IncidentAuditAction = (typeof IncidentAuditAction)[keyof typeof IncidentAuditAction];
