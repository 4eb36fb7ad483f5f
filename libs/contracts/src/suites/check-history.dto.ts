import { IsInt, IsOptional } from 'class-validator';
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
}
