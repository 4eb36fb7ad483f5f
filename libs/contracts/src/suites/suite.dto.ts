import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { NAME_MAX_LENGTH } from '../identity/identity.dto';
import { ShareGrant, SuiteGrant } from '../identity/roles';
import { CONNECTION_KINDS, type ConnectionKind } from '../connections/connection-kind';
import { FILE_ENCODINGS, type FileEncoding } from './file-encoding';
import { type FlatFileFormat } from './suite-target';
import { ListPageQuery } from '../paging/list-page';

export const DESCRIPTION_MAX_LENGTH = 4000;
/** Suite target strings: paths and table names, bounded like any other name-ish field. */
export const TARGET_MAX_LENGTH = 1024;
export const TIME_ZONE_MAX_LENGTH = 64;

const FILE_ENCODING_PROPERTY = {
  enum: FILE_ENCODINGS,
  nullable: true,
  description:
    'File store and object store suites only: the text encoding of the CSV files (utf-16 is little-endian); utf-8 by default. Refused (422) for other connection kinds.',
};

/**
 * `GET /suites`: the suites the caller can see by name (then id), filtered by part of the name, the
 * connection and the owner. The body stays an array; paging is in the `Link` and `X-Total-Count`
 * headers.
 */
export class SuiteListQuery extends ListPageQuery {
  /** Suites whose name contains this, ignoring case. */
  @IsOptional()
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  name?: string;

  @IsOptional()
  @IsUUID()
  connection_id?: string;

  /** A user id, or `me` for the caller's own suites. */
  @IsOptional()
  @IsString()
  @Matches(/^(me|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, {
    message: 'owner must be a user id or me',
  })
  owner?: string;
}

/** `POST /suites`: the caller becomes the owner. */
export class CreateSuiteRequest {
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  description?: string;

  @IsUUID()
  connection_id!: string;

  /** A file or `<prefix>_*.csv` batch pattern (F, O), `namespace.table` (T), or a table (SQL kinds). */
  @IsString()
  @Length(1, TARGET_MAX_LENGTH)
  target!: string;

  /** IANA zone in which the suite's days and weekdays fall (anomaly per weekday); `UTC` by default. */
  @IsOptional()
  @IsString()
  @Length(1, TIME_ZONE_MAX_LENGTH)
  time_zone?: string;

  /** File store and object store suites only: the text encoding of the CSV files; `utf-8` by default. */
  @ApiPropertyOptional(FILE_ENCODING_PROPERTY)
  @IsOptional()
  @IsIn(FILE_ENCODINGS)
  file_encoding?: FileEncoding | null;
}

/** `PATCH /suites/{id}`: any subset; moving the target keeps the checks (they are re-validated). */
export class UpdateSuiteRequest {
  @IsOptional()
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  name?: string;

  @IsOptional()
  @ValidateIf((_o, value) => value !== null)
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  description?: string | null;

  @IsOptional()
  @IsUUID()
  connection_id?: string;

  @IsOptional()
  @IsString()
  @Length(1, TARGET_MAX_LENGTH)
  target?: string;

  @IsOptional()
  @IsString()
  @Length(1, TIME_ZONE_MAX_LENGTH)
  time_zone?: string;

  /** File store and object store suites only; null goes back to the default, `utf-8`. */
  @ApiPropertyOptional(FILE_ENCODING_PROPERTY)
  @IsOptional()
  @IsIn(FILE_ENCODINGS)
  file_encoding?: FileEncoding | null;
}

export class SuiteResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ format: 'uuid' })
  connection_id!: string;

  @ApiProperty({ enum: CONNECTION_KINDS })
  connection_kind!: ConnectionKind;

  @ApiProperty()
  target!: string;

  /** Flat-file targets only: the format read from the extension. */
  @ApiProperty({ enum: ['csv', 'parquet'], nullable: true })
  target_format!: FlatFileFormat | null;

  /** Flat-file targets only: true for a `<prefix>_*.ext` batch pattern. */
  @ApiProperty()
  is_batch_pattern!: boolean;

  @ApiProperty()
  time_zone!: string;

  /** Flat-file suites only: the text encoding their CSV files are read in (`utf-8` unless set). */
  @ApiProperty({ enum: FILE_ENCODINGS, nullable: true })
  file_encoding!: FileEncoding | null;

  @ApiProperty({ format: 'uuid' })
  owner_id!: string;

  @ApiProperty({ description: "The owner's display name, or their email when they have none" })
  owner_name!: string;

  /** The caller's own grant on this suite. */
  @ApiProperty({ enum: Object.values(SuiteGrant) })
  my_grant!: SuiteGrant;

  @ApiProperty()
  check_count!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

/** `POST /suites/{id}/shares`. A Viewer can hold `view` only. */
export class CreateShareRequest {
  @IsUUID()
  user_id!: string;

  @IsIn(['view', 'edit'])
  grant!: ShareGrant;
}

/** `PATCH /suites/{id}/shares/{user_id}`. */
export class UpdateShareRequest {
  @IsIn(['view', 'edit'])
  grant!: ShareGrant;
}

export class ShareResponse {
  @ApiProperty({ format: 'uuid' })
  user_id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ type: String, nullable: true })
  display_name!: string | null;

  @ApiProperty({ enum: Object.values(ShareGrant) })
  grant!: ShareGrant;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

/** `PUT /suites/{id}/column-policy`; validated by the check engine's column-policy rules. */
export class PutColumnPolicyRequest {
  @IsObject()
  columns!: Record<string, unknown>;

  @IsOptional()
  @IsString()
  default?: string;
}

/** `POST /suites/{id}/profile` and `.../column-policy/suggest`: which columns (all by default). */
export class ProfileRequest {
  // Absent means every column; null and a non-list are refused (each: true alone passes "x" and null).
  @ValidateIf((_o, value) => value !== undefined)
  @IsArray()
  @IsString({ each: true })
  @Length(1, 255, { each: true })
  columns?: string[];

  /** How many of the most frequent values per column (0 to 20; 5 by default). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  top_values?: number;
}

/** Audit event names of the suites context. */
export const SuiteAuditAction = {
  Created: 'suite.created',
  Updated: 'suite.updated',
  Deleted: 'suite.deleted',
  Imported: 'suite.imported',
  ShareGranted: 'suite.share_granted',
  ShareChanged: 'suite.share_changed',
  ShareRevoked: 'suite.share_revoked',
  ColumnPolicySet: 'suite.column_policy_set',
  Profiled: 'suite.profiled',
  CheckCreated: 'check.created',
  CheckUpdated: 'check.updated',
  CheckDeleted: 'check.deleted',
  CheckRestored: 'check.restored',
  CheckSnoozed: 'check.snoozed',
  CheckUnsnoozed: 'check.unsnoozed',
  CheckRebaselined: 'check.rebaselined',
} as const;
export type SuiteAuditAction = (typeof SuiteAuditAction)[keyof typeof SuiteAuditAction];

/**
 * `POST /suites/import`: a document from `GET /suites/{id}/export`, and optionally where each of
 * its connections (by the name in the document) lives here, by id or name. Unmapped connections
 * are looked up by their document name.
 */
export class ImportSuiteRequest {
  @IsObject()
  document!: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  connection_map?: Record<string, string>;
}

/** What an import did to each check of the document, by check name. */
export class ImportedChecks {
  @ApiProperty({ type: [String] })
  created!: string[];

  @ApiProperty({ type: [String] })
  updated!: string[];

  @ApiProperty({ type: [String] })
  unchanged!: string[];

  @ApiProperty({
    type: [String],
    description: "The suite's checks the document does not name; kept as they are",
  })
  not_in_document!: string[];
}

export class ImportSuiteResponse {
  @ApiProperty({ type: SuiteResponse })
  suite!: SuiteResponse;

  /** False when the document updated a suite of the same name the caller may edit. */
  @ApiProperty()
  created!: boolean;

  @ApiProperty({ type: () => ImportedChecks })
  checks!: ImportedChecks;
}
