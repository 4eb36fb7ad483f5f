import { IsOptional } from 'class-validator';
import { IsInstant } from '../instant';
import { ListPageQuery } from '../paging/list-page';

/**
 * `GET /suites/{id}/checks/{cid}/history`: a page of the check's results, newest first (`limit`
 * 1 to 200, default 100), optionally within [`from`, `to`).
 */
export class CheckHistoryQuery extends ListPageQuery {
  /** Results at or after this instant (ISO 8601). */
  @IsOptional()
  @IsInstant()
  from?: string;

  /** Results before this instant (ISO 8601). */
  @IsOptional()
  @IsInstant()
  to?: string;
}
