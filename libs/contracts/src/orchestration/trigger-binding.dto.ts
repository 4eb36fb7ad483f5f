import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, Length, Matches, ValidateIf } from 'class-validator';
import { ListPageQuery } from '../paging/list-page';
import {
  NOT_BLANK,
  PIPELINE_ENV_MAX_LENGTH,
  PIPELINE_ID_MAX_LENGTH,
  PIPELINE_PROVIDERS,
  PIPELINE_RUN_STATUSES,
  PipelineProvider,
  PipelineRunStatus,
} from './pipeline-run-events';

/** `GET /trigger-bindings`: the bindings of suites the caller can see, oldest first. */
export class TriggerBindingListQuery extends ListPageQuery {
  @IsOptional()
  @IsUUID()
  suite_id?: string;

  @IsOptional()
  @IsIn(PIPELINE_PROVIDERS)
  provider?: PipelineProvider;
}

/** `POST /trigger-bindings`: needs `edit` on the suite. Ids are matched verbatim (case and spaces count). */
export class CreateTriggerBindingRequest {
  @ApiProperty({ enum: PIPELINE_PROVIDERS })
  @IsIn(PIPELINE_PROVIDERS)
  provider!: PipelineProvider;

  /** The pipeline, DAG or job id exactly as the orchestrator names it. */
  @IsString()
  @Length(1, PIPELINE_ID_MAX_LENGTH)
  @Matches(NOT_BLANK, { message: 'pipeline_id must not be blank' })
  pipeline_id!: string;

  /** The environment the observer reports the orchestrator in (e.g. `prod`). */
  @IsString()
  @Length(1, PIPELINE_ENV_MAX_LENGTH)
  @Matches(NOT_BLANK, { message: 'env must not be blank' })
  env!: string;

  @IsUUID()
  suite_id!: string;

  /** True by default. */
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** `PATCH /trigger-bindings/{id}`: any subset; `enabled` turns the binding on or off. */
export class UpdateTriggerBindingRequest {
  @ApiPropertyOptional({ enum: PIPELINE_PROVIDERS })
  @ValidateIf((_o, value) => value !== undefined)
  @IsIn(PIPELINE_PROVIDERS)
  provider?: PipelineProvider;

  @ValidateIf((_o, value) => value !== undefined)
  @IsString()
  @Length(1, PIPELINE_ID_MAX_LENGTH)
  @Matches(NOT_BLANK, { message: 'pipeline_id must not be blank' })
  pipeline_id?: string;

  @ValidateIf((_o, value) => value !== undefined)
  @IsString()
  @Length(1, PIPELINE_ENV_MAX_LENGTH)
  @Matches(NOT_BLANK, { message: 'env must not be blank' })
  env?: string;

  /** Moving a binding to another suite needs `edit` on both. */
  @ValidateIf((_o, value) => value !== undefined)
  @IsUUID()
  suite_id?: string;

  @ValidateIf((_o, value) => value !== undefined)
  @IsBoolean()
  enabled?: boolean;
}

export class TriggerBindingResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: PIPELINE_PROVIDERS })
  provider!: PipelineProvider;

  @ApiProperty()
  pipeline_id!: string;

  @ApiProperty()
  env!: string;

  @ApiProperty({ format: 'uuid' })
  suite_id!: string;

  @ApiProperty()
  enabled!: boolean;

  /** False once the bound suite was deleted: the binding stays (and is reported) until removed. */
  @ApiProperty()
  suite_exists!: boolean;

  /** The bound suite's name as it is now; null once the suite was deleted. */
  @ApiProperty({ type: String, nullable: true })
  suite_name!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  created_by!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

/** One page of `GET /trigger-bindings`, oldest first. */
export class TriggerBindingPage {
  @ApiProperty({ type: [TriggerBindingResponse] })
  items!: TriggerBindingResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** Audit event names of trigger bindings. */
export const TriggerBindingAuditAction = {
  Created: 'trigger_binding.created',
  Updated: 'trigger_binding.updated',
  Deleted: 'trigger_binding.deleted',
} as const;
export type TriggerBindingAuditAction =
  (typeof TriggerBindingAuditAction)[keyof typeof TriggerBindingAuditAction];

/** Why a succeeded pipeline run's closest binding did not queue its suite. */
export const NearMissReason = {
  /** Same provider, pipeline id and env, but the binding is disabled. */
  Disabled: 'disabled',
  /** Same provider, pipeline id and env, enabled, but its suite was deleted. */
  SuiteDeleted: 'suite_deleted',
  /** The pipeline id or env equal only when case and surrounding white space are ignored. */
  IdDiffersByCaseOrWhitespace: 'id_differs_by_case_or_whitespace',
  /** Same provider and pipeline id in another environment. */
  OtherEnvironment: 'other_environment',
  /** No binding of the provider comes close. */
  None: 'none',
} as const;
export type NearMissReason = (typeof NearMissReason)[keyof typeof NearMissReason];
export const NEAR_MISS_REASONS: readonly NearMissReason[] = Object.values(NearMissReason);

/** A succeeded pipeline run that queued nothing, as it was judged when it arrived. */
export class NearMissResponse {
  /** The pipeline run's id in this service. */
  @ApiProperty({ format: 'uuid' })
  pipeline_run_id!: string;

  @ApiProperty({ enum: PIPELINE_PROVIDERS })
  provider!: PipelineProvider;

  @ApiProperty()
  pipeline_id!: string;

  @ApiProperty()
  env!: string;

  /** The orchestrator's run id. */
  @ApiProperty()
  run_id!: string;

  @ApiProperty({ enum: PIPELINE_RUN_STATUSES })
  status!: PipelineRunStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  received_at!: string;

  @ApiProperty({ enum: NEAR_MISS_REASONS })
  reason!: NearMissReason;

  /** The closest binding; null when none is close, it was deleted since, or the caller cannot see its suite. */
  @ApiProperty({ type: TriggerBindingResponse, nullable: true })
  closest_binding!: TriggerBindingResponse | null;
}

export class NearMissPage {
  @ApiProperty({ type: [NearMissResponse] })
  items!: NearMissResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
