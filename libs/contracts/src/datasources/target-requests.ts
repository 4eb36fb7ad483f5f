import { Type } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsBoolean,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { FILE_ENCODINGS, type FileEncoding } from '../suites/file-encoding';

/**
 * Interactive datasource work the gateway asks the runner for (core NATS request/reply): the
 * runner alone opens the connection's credential. Failures come back as error replies the
 * gateway answers as they are (502 for a datasource that cannot be reached or refuses us, 504 for
 * work past the interactive deadline, 422 for a target that does not resolve).
 */
export class TargetRequest {
  @IsUUID()
  connection_id!: string;

  @IsString()
  @Length(1, 1024)
  target!: string;

  /** Flat-file targets: the suite's encoding of its CSV files (UTF-8 when absent). */
  @IsOptional()
  @IsIn(FILE_ENCODINGS)
  file_encoding?: FileEncoding;
}

export class TargetColumn {
  @IsString()
  name!: string;

  @IsString()
  type!: string;

  @IsBoolean()
  nullable!: boolean;
}

export class TargetColumnsReply {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TargetColumn)
  columns!: TargetColumn[];
}

export class TargetFile {
  @IsString()
  path!: string;

  @IsNumber()
  size!: number;

  @IsString()
  last_modified_at!: string;
}

/** At most this many files are listed in a batch preview (the newest ones). */
export const BATCH_PREVIEW_MAX_FILES = 1000;

export class TargetFilesReply {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TargetFile)
  files!: TargetFile[];

  /** The pattern matched more files than listed. */
  @IsBoolean()
  truncated!: boolean;

  @IsInt()
  @Min(0)
  total_matched!: number;
}

export class TargetProfileRequest extends TargetRequest {
  @ValidateIf((_o, value) => value !== undefined)
  @IsArray()
  @IsString({ each: true })
  columns?: string[];

  @IsInt()
  @Min(0)
  @Max(20)
  top_values!: number;

  /** The suite's column policy: profile values of protected columns are redacted too. */
  @IsObject()
  column_policy!: Record<string, unknown>;
}

export class ProfiledValue {
  /** The value as text, redacted as the suite's column policy says; null for SQL NULL. */
  @IsOptional()
  @IsString()
  value!: string | null;

  @IsInt()
  @Min(0)
  count!: number;
}

/** A heuristic guess that a column holds personal data, from its name and the values seen. */
export class PiiGuess {
  @IsString()
  category!: string;

  @IsNumber()
  @Min(0)
  @Max(1)
  confidence!: number;

  @IsArray()
  @IsString({ each: true })
  reasons!: string[];
}

export class ColumnProfile {
  @IsString()
  name!: string;

  @IsString()
  type!: string;

  @IsInt()
  @Min(0)
  null_count!: number;

  @IsNumber()
  @Min(0)
  @Max(100)
  null_percent!: number;

  /** Null for types without equality or order (JSON, arrays, structs): profiled for nulls only. */
  @IsOptional()
  @IsInt()
  @Min(0)
  distinct_count!: number | null;

  @IsOptional()
  @IsString()
  min!: string | null;

  @IsOptional()
  @IsString()
  max!: string | null;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ProfiledValue)
  top_values!: ProfiledValue[];

  /** Heuristic PII classification from the name and the values seen. */
  @IsOptional()
  @ValidateNested()
  @Type(() => PiiGuess)
  pii!: PiiGuess | null;
}

export class TargetProfileReply {
  @IsInt()
  @Min(0)
  row_count!: number;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ColumnProfile)
  columns!: ColumnProfile[];

  @IsInt()
  @Min(0)
  duration_ms!: number;
}

/** `POST /suites/{id}/checks/dryrun`: one validated check definition evaluated against live data. */
export class CheckDryRunRequest extends TargetRequest {
  @IsUUID()
  suite_id!: string;

  @IsObject()
  check!: Record<string, unknown>;

  @IsObject()
  column_policy!: Record<string, unknown>;

  @IsString()
  time_zone!: string;

  /** Workspace zero-sample mode: no failing rows leave the datasource at all. */
  @IsBoolean()
  zero_sample!: boolean;
}

export class CheckDryRunReply {
  @IsString()
  outcome!: string;

  @ValidateIf((o: CheckDryRunReply) => o.metric_value !== null)
  @IsNumber()
  metric_value!: number | null;

  @IsObject()
  detail!: Record<string, unknown>;

  @IsArray()
  samples!: Record<string, unknown>[];

  @IsInt()
  @Min(0)
  duration_ms!: number;
}
