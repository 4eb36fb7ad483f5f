import { IsIn, IsInt, IsISO8601, IsString, IsUUID, Length, Matches, Min } from 'class-validator';
import { PIPELINE_PROVIDERS, type PipelineProvider } from './pipeline-run-events';

/** Consecutive failed polls of one connection that make the observer publish the event. */
export const POLL_FAILURE_ALERT_THRESHOLD = 3;

/**
 * JetStream event: the orchestration observer's polls of one orchestrator connection failed
 * `POLL_FAILURE_ALERT_THRESHOLD` times in a row (about 30 minutes). One streak is identified by
 * (connection_id, first_failed_at): a republish of the same streak alerts once, a successful poll
 * ends the streak and the next streak alerts again. The log event is `orchestration_poll_failed`.
 */
export class OrchestrationPollFailedEvent {
  /** The publisher's message id; `poll-failed.<connection_id>.<first_failed_at>` dedupes best. */
  @IsString()
  @Length(1, 200)
  event_id!: string;

  @IsUUID()
  connection_id!: string;

  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: 'connection_name must not be blank' })
  connection_name!: string;

  @IsIn(PIPELINE_PROVIDERS)
  provider!: PipelineProvider;

  @IsInt()
  @Min(1)
  consecutive_failures!: number;

  /** The streak's first failed poll; with the connection, the streak's identity. */
  @IsISO8601()
  first_failed_at!: string;

  @IsISO8601()
  last_failed_at!: string;

  /** What failed, as a class (`timeout`, `http_401`, `dns`...): never a URL, a token or a body. */
  @IsString()
  @Length(1, 100)
  @Matches(/^[a-z0-9_.:-]+$/i, { message: 'last_error_class must be a short error class' })
  last_error_class!: string;
}
