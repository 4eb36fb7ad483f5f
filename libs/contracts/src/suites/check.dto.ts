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
export interface CheckCaveat {
  code: string;
  message: string;
}

export interface CheckResponse {
  id: string;
  suite_id: string;
  name: string;
  description: string | null;
  kind: string;
  engine: string | null;
  dimension: DqDimension;
  thresholds: Record<string, unknown> | null;
  config: Record<string, unknown>;
  enabled: boolean;
  version: number;
  snoozed_until: string | null;
  caveats: CheckCaveat[];
  created_at: string;
  updated_at: string;
}

export const CheckChange = {
  Created: 'created',
  Updated: 'updated',
  Restored: 'restored',
  Imported: 'imported',
} as const;
export type CheckChange = (typeof CheckChange)[keyof typeof CheckChange];

/** One entry of `GET .../versions`: the whole definition as it was. */
export interface CheckVersionResponse {
  version: number;
  change: CheckChange;
  /** For a restore: the version whose definition was restored. */
  restored_from: number | null;
  name: string;
  description: string | null;
  kind: string;
  engine: string | null;
  dimension: DqDimension;
  thresholds: Record<string, unknown> | null;
  config: Record<string, unknown>;
  enabled: boolean;
  changed_by: string | null;
  changed_at: string;
}

/** One point of `GET .../history`: the check's result in one finished run. */
export interface CheckHistoryPoint {
  run_id: string;
  outcome: string;
  metric_value: number | null;
  check_version: number | null;
  at: string;
}

/** `GET .../baseline`: what a schema-drift or anomaly monitor compares against. */
export interface CheckBaselineResponse {
  check_id: string;
  kind: string;
  /** Schema drift: the stored columns; anomaly: the learnt statistics over the usable history. */
  baseline: Record<string, unknown> | null;
  captured_at: string | null;
}
