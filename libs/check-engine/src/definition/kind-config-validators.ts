import { type FieldViolation } from '@dq/contracts';
import { type CheckKind } from '../kinds/check-kind';
import { MONITOR_CONFIG_VALIDATORS } from '../monitoring/monitor-configs';

/** Field problems of one kind's `config`, reported on `${prefix}<field>`. */
export type KindConfigValidator = (config: Record<string, unknown>, prefix: string) => FieldViolation[];

/** The config validator of each non-expectation kind (expectations validate through the catalog). */
export const KIND_CONFIG_VALIDATORS: Readonly<
  Record<Exclude<CheckKind, 'expectation'>, KindConfigValidator>
> = MONITOR_CONFIG_VALIDATORS;

/**
 * Kinds banded through `thresholds`: expectations (unexpected %), comparisons (mismatch %) and
 * anomaly monitors (z-scores). The others carry their bounds in `config` (hours, rows) or are
 * pass/fail with a `severity`.
 */
export const KINDS_WITH_THRESHOLDS: readonly CheckKind[] = ['expectation', 'comparison', 'anomaly'];
