import { IsIn, IsISO8601, IsOptional, IsString, Length, Matches } from 'class-validator';

/** The orchestrators a pipeline run is observed from (docs/orchestration.md). */
export const PipelineProvider = {
  Factory: 'factory',
  Scheduler: 'scheduler',
  Builder: 'builder',
} as const;
export type PipelineProvider = (typeof PipelineProvider)[keyof typeof PipelineProvider];
export const PIPELINE_PROVIDERS: readonly PipelineProvider[] = Object.values(PipelineProvider);

/** An observed pipeline run's state; only `succeeded` can queue a bound suite. */
export const PipelineRunStatus = {
  Queued: 'queued',
  Running: 'running',
  Succeeded: 'succeeded',
  Failed: 'failed',
  Cancelled: 'cancelled',
} as const;
export type PipelineRunStatus = (typeof PipelineRunStatus)[keyof typeof PipelineRunStatus];
export const PIPELINE_RUN_STATUSES: readonly PipelineRunStatus[] = Object.values(PipelineRunStatus);

export const PIPELINE_ID_MAX_LENGTH = 255;
export const PIPELINE_ENV_MAX_LENGTH = 100;
/** An orchestrator's own run id (a factory run GUID, a DAG run id, a build id). */
export const PIPELINE_RUN_ID_MAX_LENGTH = 255;
/** At least one character that is not white space. */
export const NOT_BLANK = /\S/;

/**
 * JetStream event: the orchestration observer saw a pipeline run (by webhook or by poll). The
 * publisher's message id is `event_id`; the same run may be announced more than once (a webhook
 * and a poll, or a redelivery), and every consumer treats (provider, pipeline_id, env, run_id) as
 * the run's identity, so a repeat changes nothing.
 */
export class PipelineRunObservedEvent {
  /** Unique per observation; deterministic ids (provider, env, pipeline, run, status) dedupe best. */
  @IsString()
  @Length(1, 200)
  event_id!: string;

  @IsIn(PIPELINE_PROVIDERS)
  provider!: PipelineProvider;

  /** The pipeline, DAG or job id exactly as the orchestrator names it (matched verbatim). */
  @IsString()
  @Length(1, PIPELINE_ID_MAX_LENGTH)
  @Matches(NOT_BLANK, { message: 'pipeline_id must not be blank' })
  pipeline_id!: string;

  @IsString()
  @Length(1, PIPELINE_ENV_MAX_LENGTH)
  @Matches(NOT_BLANK, { message: 'env must not be blank' })
  env!: string;

  /** The orchestrator's run id. */
  @IsString()
  @Length(1, PIPELINE_RUN_ID_MAX_LENGTH)
  run_id!: string;

  @IsIn(PIPELINE_RUN_STATUSES)
  status!: PipelineRunStatus;

  /** When the orchestrator says the run ended; null while it has not. */
  @IsOptional()
  @IsISO8601()
  finished_at?: string | null;

  /** When the observer saw it. */
  @IsISO8601()
  observed_at!: string;
}
