import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { NAME_MAX_LENGTH } from '../identity/identity.dto';
import { ListPageQuery } from '../paging/list-page';
import { CheckResponse, CheckVersionResponse, DQ_DIMENSIONS, type DqDimension } from './check.dto';
import { ShareResponse } from './suite.dto';

/** `true` and `false` of a query string as booleans; anything else stays as given and is refused. */
function QueryBoolean(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    return value;
  });
}

/**
 * `GET /suites/{id}/checks`: oldest first (then by id), filtered by kind, part of the name,
 * dimension and whether the check is enabled.
 */
export class CheckListQuery extends ListPageQuery {
  /** A check kind (`expectation`, `custom_sql`, `freshness`, ...). */
  @IsOptional()
  @IsString()
  @Length(1, 40)
  kind?: string;

  /** Checks whose name contains this, ignoring case. */
  @IsOptional()
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  name?: string;

  @IsOptional()
  @IsIn(DQ_DIMENSIONS)
  dimension?: DqDimension;

  /** `true` or `false`. */
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  enabled?: boolean;
}

/** One page of `GET /suites/{id}/checks`; `next_cursor` is null on the last page. */
export class CheckPage {
  @ApiProperty({ type: [CheckResponse] })
  items!: CheckResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** One page of `GET /suites/{id}/checks/{cid}/versions`, newest version first. */
export class CheckVersionPage {
  @ApiProperty({ type: [CheckVersionResponse] })
  items!: CheckVersionResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** One page of `GET /suites/{id}/shares`, oldest share first. */
export class SharePage {
  @ApiProperty({ type: [ShareResponse] })
  items!: ShareResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
