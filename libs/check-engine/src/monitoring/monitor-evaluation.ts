import { CheckOutcome } from '@dq/contracts';
import { judgedByAnyCount, judgedByRange, judgedByTiers } from '../severity/judged';
import { type BandedOutcome } from '../severity/thresholds';
import {
  type CustomSqlConfig,
  type FreshnessConfig,
  type MonitorSeverity,
  type SchemaDriftConfig,
  type VolumeConfig,
} from './monitor-configs';

/** What a monitor's evaluation records, like any check result. */
export interface MonitorResult {
  outcome: CheckOutcome;
  metric_value: number | null;
  detail: Record<string, unknown>;
}

const HOUR_MS = 3_600_000;

function round(value: number, digits = 4): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Hours since the newest timestamp (or file arrival), banded through the config's hour bounds: a
 * tier is reached when the age EXCEEDS its bound. No timestamp at all (no rows, all null, no
 * files) is a failure at the highest tier the config sets: a target that never received data is
 * not fresh. A timestamp in the future counts as 0 hours (clock skew is noted).
 */
export function evaluateFreshness(
  config: FreshnessConfig,
  latest: Date | null,
  now: Date,
  source: string,
): MonitorResult {
  const tiers: [BandedOutcome, number | undefined][] = [
    ['critical', config.critical_after_hours],
    ['fail', config.fail_after_hours],
    ['warn', config.warn_after_hours],
  ];
  const thresholds = {
    warn: config.warn_after_hours,
    fail: config.fail_after_hours,
    critical: config.critical_after_hours,
  };
  if (latest === null) {
    const highest = tiers.find(([, bound]) => bound !== undefined && bound !== null)?.[0] ?? 'fail';
    return {
      outcome: highest,
      metric_value: null,
      detail: {
        reason: 'no_timestamp',
        source,
        judged: judgedByTiers({
          metric: 'hours_since',
          value: null,
          unit: 'hours',
          thresholds,
          band: highest,
          reading: `no timestamp at all: ${highest} (the highest tier set)`,
        }),
      },
    };
  }
  const raw = (now.getTime() - latest.getTime()) / HOUR_MS;
  const hours = Math.max(0, raw);
  const outcome =
    tiers.find(([, bound]) => bound !== undefined && bound !== null && hours > bound)?.[0] ?? 'pass';
  return {
    outcome,
    metric_value: round(hours),
    detail: {
      latest_at: latest.toISOString(),
      hours_since: round(hours),
      source,
      ...(raw < 0 ? { clock_skew_hours: round(-raw) } : {}),
      judged: judgedByTiers({
        metric: 'hours_since',
        value: round(hours),
        unit: 'hours',
        thresholds,
        band: outcome,
      }),
    },
  };
}

/** Row count within [min_rows, max_rows], else the config's severity (fail by default). */
export function evaluateVolume(config: VolumeConfig, rowCount: number, source: string): MonitorResult {
  const tooFew = config.min_rows !== undefined && rowCount < config.min_rows;
  const tooMany = config.max_rows !== undefined && rowCount > config.max_rows;
  const severity = config.severity ?? 'fail';
  const outcome = tooFew || tooMany ? severity : CheckOutcome.Pass;
  return {
    outcome,
    metric_value: rowCount,
    detail: {
      row_count: rowCount,
      source,
      ...(tooFew ? { below_min_rows: config.min_rows } : {}),
      ...(tooMany ? { above_max_rows: config.max_rows } : {}),
      judged: judgedByRange({
        metric: 'row_count',
        value: rowCount,
        unit: 'rows',
        min: config.min_rows,
        max: config.max_rows,
        severity,
        band: outcome,
      }),
    },
  };
}

/** Spec rule 2: any returned row fails; `metric_value` is null by design. */
export function evaluateCustomSql(
  config: CustomSqlConfig,
  failingRows: number,
  capped: boolean,
): MonitorResult {
  const severity = config.severity ?? 'fail';
  const outcome = failingRows > 0 ? severity : CheckOutcome.Pass;
  return {
    outcome,
    metric_value: null,
    detail: {
      failing_rows: failingRows,
      failing_rows_capped: capped,
      judged: judgedByAnyCount({
        metric: 'failing_rows',
        value: failingRows,
        unit: 'rows',
        severity,
        band: outcome,
      }),
    },
  };
}

/** A column as introspected, and the type family drift compares by. */
export interface SchemaColumn {
  name: string;
  type: string;
}

const FAMILIES: [RegExp, string][] = [
  [/^(bool|boolean)$/, 'boolean'],
  [/^(tinyint|smallint|int2|short|byte)$/, 'integer'],
  [/^(int|integer|int4|mediumint)$/, 'integer'],
  [/^(bigint|int8|long|hugeint|ubigint|uinteger|usmallint|utinyint)$/, 'integer'],
  [/^(number|numeric|decimal|dec)$/, 'decimal'],
  [/^(real|float4|float|float8|double|double precision)$/, 'float'],
  [/^(text|string|varchar|char|character|character varying|nvarchar|nchar|bpchar)(\(.*\))?$/, 'text'],
  [/^(date)$/, 'date'],
  [/^(timestamp|timestamp without time zone|timestamp_ntz|datetime|timestamp_ltz)(\(\d+\))?$/, 'timestamp'],
  [/^(timestamptz|timestamp with time zone|timestamp_tz)(\(\d+\))?$/, 'timestamptz'],
  [/^(time|time without time zone)(\(\d+\))?$/, 'time'],
  [/^(binary|varbinary|bytea|blob)(\(.*\))?$/, 'binary'],
];

/**
 * A datasource's type name, normalised so equal types from one kind compare equal: case,
 * whitespace, a text length (`VARCHAR(16777216)`: lengths are not drift, docs/checks.md), and
 * each kind's aliases (`int4` = `integer`). Precision and scale of decimals are kept
 * (`decimal(p)` is `decimal(p,0)`): `NUMBER(10,2)` to `NUMBER(12,2)` is a type change.
 */
export function normaliseType(type: string): string {
  const bare = type.trim().toLowerCase().replace(/\s+/g, ' ');
  const decimal = /^(?:number|numeric|decimal|dec)\s*\(\s*(\d+)\s*(?:,\s*(-?\d+)\s*)?\)$/.exec(bare);
  if (decimal) return `decimal(${Number(decimal[1])},${Number(decimal[2] ?? 0)})`;
  for (const [pattern, family] of FAMILIES) {
    if (pattern.test(bare)) {
      // Integer widths stay apart (int to bigint is a change) but spellings of one width match.
      if (family === 'integer')
        return /big|int8|long|huge|ubig|uinteger/.test(bare)
          ? 'bigint'
          : /small|int2|short|tiny|byte/.test(bare)
            ? 'smallint'
            : 'integer';
      return family;
    }
  }
  return bare;
}

export interface SchemaDiff {
  added: SchemaColumn[];
  dropped: SchemaColumn[];
  type_changed: { name: string; from: string; to: string }[];
}

/**
 * Whether a baseline type still holds for the live one. A baseline decimal without precision
 * (captured before introspection carried it, or from an unconstrained `numeric`) matches a live
 * decimal of any precision: it never said which, so no change can be claimed. The other way
 * round (`numeric(10,2)` to an unconstrained `numeric`) is a change.
 */
export function sameSchemaType(baselineType: string, liveType: string): boolean {
  const before = normaliseType(baselineType);
  const after = normaliseType(liveType);
  return before === after || (before === 'decimal' && after.startsWith('decimal('));
}

/** Names compare exactly (a rename is a drop and an add); types through `sameSchemaType`. */
export function diffSchema(baseline: readonly SchemaColumn[], live: readonly SchemaColumn[]): SchemaDiff {
  const before = new Map(baseline.map((column) => [column.name, column]));
  const after = new Map(live.map((column) => [column.name, column]));
  return {
    added: live.filter((column) => !before.has(column.name)),
    dropped: baseline.filter((column) => !after.has(column.name)),
    type_changed: live
      .filter((column) => before.has(column.name))
      .filter((column) => !sameSchemaType((before.get(column.name) as SchemaColumn).type, column.type))
      .map((column) => ({
        name: column.name,
        from: (before.get(column.name) as SchemaColumn).type,
        to: column.type,
      })),
  };
}

/**
 * Spec rule 4: a live snapshot against the stored baseline. With no baseline yet the first run
 * captures it (`pass`, `detail.baseline_captured`); later changes of the baseline are explicit.
 * Drift of a kind in `fail_on` (all kinds by default) lands on the config's severity.
 */
/**
 * The baseline with each precision-less decimal given the live precision (same column, same
 * family), or null when nothing is to learn: stored once, a later precision change is seen.
 */
export function refinedSchemaBaseline(
  baseline: readonly SchemaColumn[],
  live: readonly SchemaColumn[],
): SchemaColumn[] | null {
  const after = new Map(live.map((column) => [column.name, column]));
  let refined = false;
  const next = baseline.map((column) => {
    const current = after.get(column.name);
    if (
      current !== undefined &&
      normaliseType(column.type) === 'decimal' &&
      normaliseType(current.type).startsWith('decimal(')
    ) {
      refined = true;
      return { name: column.name, type: current.type };
    }
    return { name: column.name, type: column.type };
  });
  return refined ? next : null;
}

export function evaluateSchemaDrift(
  config: SchemaDriftConfig,
  baseline: readonly SchemaColumn[] | null,
  live: readonly SchemaColumn[],
): MonitorResult & { capture: SchemaColumn[] | null; refine?: SchemaColumn[] | null } {
  if (baseline === null) {
    return {
      outcome: CheckOutcome.Pass,
      metric_value: 0,
      detail: {
        baseline_captured: true,
        columns: live.length,
        judged: judgedByAnyCount({
          metric: 'schema_changes',
          value: 0,
          unit: 'changes',
          severity: config.severity ?? 'fail',
          band: CheckOutcome.Pass,
          reading: `no baseline yet: ${live.length} columns captured as the baseline`,
        }),
      },
      capture: live.map(({ name, type }) => ({ name, type })),
    };
  }
  const diff = diffSchema(baseline, live);
  const failOn = config.fail_on ?? ['added', 'dropped', 'type_changed'];
  const changes = diff.added.length + diff.dropped.length + diff.type_changed.length;
  const failing = failOn.some((kind) => diff[kind].length > 0);
  const severity: MonitorSeverity = config.severity ?? 'fail';
  const outcome = failing ? severity : CheckOutcome.Pass;
  // The judged count is of the changes `fail_on` names; others are reported but never band.
  const judgedChanges = failOn.reduce((sum, kind) => sum + diff[kind].length, 0);
  return {
    outcome,
    metric_value: changes,
    detail: {
      ...diff,
      changes,
      judged: judgedByAnyCount({
        metric: 'schema_changes',
        value: judgedChanges,
        unit: 'changes',
        severity,
        band: outcome,
        reading:
          judgedChanges > 0
            ? `schema_changes ${judgedChanges} (${failOn.join(', ')}) > ${severity} 0`
            : `schema_changes 0 of ${failOn.join(', ')}${changes > 0 ? ` (${changes} not judged)` : ''}: pass`,
      }),
    },
    capture: null,
    refine: refinedSchemaBaseline(baseline, live),
  };
}
