import { ApiProperty } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { NAME_MAX_LENGTH } from '../identity/identity.dto';
import { DESCRIPTION_MAX_LENGTH } from './suite.dto';

/** The data-quality dimension a check measures; the asset scorecard groups by it. */
export const DqDimension = {
  Completeness: 'completeness',
  Uniqueness: 'uniqueness',
  Validity: 'validity',
  Accuracy: 'accuracy',
  Consistency: 'consistency',
  Timeliness: 'timeliness',
} as const;
export type DqDimension = (typeof DqDimension)[keyof typeof DqDimension];
export const DQ_DIMENSIONS: readonly DqDimension[] = Object.values(DqDimension);

/** Snooze bounds in hours (docs/decisions/0018). */
export const SNOOZE_MIN_HOURS = 1;
export const SNOOZE_MAX_HOURS = 720;

/**
 * `POST /suites/{id}/checks` and the dry-run body. `kind`, `engine` and `config` are checked by
 * the check engine (kind strings, the datasource matrix, each kind's config); `thresholds` are
 * unexpected-percentage bounds (z-score bounds for anomaly).
 */
export class CreateCheckRequest {
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  description?: string;

  @IsString()
  @Length(1, 64)
  kind!: string;

  @IsOptional()
  @IsString()
  @Length(1, 32)
  engine?: string;

  /** Derived from the kind (and expectation type) when left out. */
  @IsOptional()
  @IsIn(DQ_DIMENSIONS)
  dimension?: DqDimension;

  @IsOptional()
  @IsObject()
  thresholds?: Record<string, unknown>;

  @IsObject()
  config!: Record<string, unknown>;

  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** `PATCH /suites/{id}/checks/{cid}`: any subset except `kind`; each change mints a version. */
export class UpdateCheckRequest {
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
  @IsString()
  @Length(1, 64)
  kind?: string;

  @IsOptional()
  @ValidateIf((_o, value) => value !== null)
  @IsString()
  @Length(1, 32)
  engine?: string | null;

  @IsOptional()
  @IsIn(DQ_DIMENSIONS)
  dimension?: DqDimension;

  @IsOptional()
  @ValidateIf((_o, value) => value !== null)
  @IsObject()
  thresholds?: Record<string, unknown> | null;

  @IsOptional()
  @IsObject()
  config?: Record<string, unknown>;

  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** `POST /suites/{id}/checks/{cid}/snooze`. */
export class SnoozeCheckRequest {
  @IsInt()
  @Min(SNOOZE_MIN_HOURS)
  @Max(SNOOZE_MAX_HOURS)
  hours!: number;
}

/** A note shown with a check in the editor; never a gate (spec rule 1 for the native engine). */
export class CheckCaveat {
  @ApiProperty()
  code!: string;

  @ApiProperty()
  message!: string;
}

export class CheckResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  suite_id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty()
  kind!: string;

  @ApiProperty({ type: String, nullable: true })
  engine!: string | null;

  @ApiProperty({ enum: DQ_DIMENSIONS })
  dimension!: DqDimension;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  thresholds!: Record<string, unknown> | null;

  @ApiProperty({ type: 'object', additionalProperties: true })
  config!: Record<string, unknown>;

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty()
  version!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  snoozed_until!: string | null;

  @ApiProperty({ type: [CheckCaveat] })
  caveats!: CheckCaveat[];

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export const CheckChange = {
  Created: 'created',
  Updated: 'updated',
  Restored: 'restored',
  Imported: 'imported',
} as const;
export type CheckChange = (typeof CheckChange)[keyof typeof CheckChange];

/** One entry of `GET .../versions`: the whole definition as it was. */
export class CheckVersionResponse {
  @ApiProperty()
  version!: number;

  @ApiProperty({ enum: Object.values(CheckChange) })
  change!: CheckChange;

  /** For a restore: the version whose definition was restored. */
  @ApiProperty({ type: Number, nullable: true })
  restored_from!: number | null;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty()
  kind!: string;

  @ApiProperty({ type: String, nullable: true })
  engine!: string | null;

  @ApiProperty({ enum: DQ_DIMENSIONS })
  dimension!: DqDimension;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  thresholds!: Record<string, unknown> | null;

  @ApiProperty({ type: 'object', additionalProperties: true })
  config!: Record<string, unknown>;

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty({ type: String, nullable: true })
  changed_by!: string | null;

  @ApiProperty({ format: 'date-time' })
  changed_at!: string;
}

/** One point of `GET .../history`: the check's result in one finished run. */
export class CheckHistoryPoint {
  @ApiProperty()
  run_id!: string;

  @ApiProperty()
  outcome!: string;

  @ApiProperty({ type: Number, nullable: true })
  metric_value!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  check_version!: number | null;

  @ApiProperty()
  at!: string;
}

/** `GET .../baseline`: what a schema-drift or anomaly monitor compares against. */
export class CheckBaselineResponse {
  @ApiProperty()
  check_id!: string;

  @ApiProperty()
  kind!: string;

  /** Schema drift: the stored columns; anomaly: the learnt statistics over the usable history. */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  baseline!: Record<string, unknown> | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  captured_at!: string | null;
}
