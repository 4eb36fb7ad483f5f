import { IsInt, IsOptional } from 'class-validator';
import { IsInstant } from '../instant';
import { QueryInteger } from '../query-integer';

/**
 * `GET /suites/{id}/checks/{cid}/history`: `limit` must be an integer (422 otherwise, never silently
 * the default); the service clamps it to 1..1000.
 */
export class CheckHistoryQuery {
  @IsOptional()
  @QueryInteger()
  @IsInt()
  limit?: number;

  /** Results at or after this instant (ISO 8601). */
  @IsOptional()
  @IsInstant()
  from?: string;

  /** Results before this instant (ISO 8601). */
  @IsOptional()
  @IsInstant()
  to?: string;
}
