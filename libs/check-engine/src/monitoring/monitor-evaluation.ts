import { CheckOutcome } from '@dq/contracts';
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
  if (latest === null) {
    const highest = tiers.find(([, bound]) => bound !== undefined && bound !== null)?.[0] ?? 'fail';
    return { outcome: highest, metric_value: null, detail: { reason: 'no_timestamp', source } };
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
    },
  };
}

/** Row count within [min_rows, max_rows], else the config's severity (fail by default). */
export function evaluateVolume(config: VolumeConfig, rowCount: number, source: string): MonitorResult {
  const tooFew = config.min_rows !== undefined && rowCount < config.min_rows;
  const tooMany = config.max_rows !== undefined && rowCount > config.max_rows;
  return {
    outcome: tooFew || tooMany ? (config.severity ?? 'fail') : CheckOutcome.Pass,
    metric_value: rowCount,
    detail: {
      row_count: rowCount,
      source,
      ...(tooFew ? { below_min_rows: config.min_rows } : {}),
      ...(tooMany ? { above_max_rows: config.max_rows } : {}),
    },
  };
}

/** Spec rule 2: any returned row fails; `metric_value` is null by design. */
export function evaluateCustomSql(
  config: CustomSqlConfig,
  failingRows: number,
  capped: boolean,
): MonitorResult {
  return {
    outcome: failingRows > 0 ? (config.severity ?? 'fail') : CheckOutcome.Pass,
    metric_value: null,
    detail: { failing_rows: failingRows, failing_rows_capped: capped },
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
  [/^(number|numeric|decimal|dec)(\(\s*\d+\s*(,\s*0\s*)?\))?$/, 'decimal'],
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
 * whitespace, a text length (`VARCHAR(16777216)`), and each kind's aliases (`int4` = `integer`).
 * Precision and scale of decimals are kept: `NUMBER(10,2)` to `NUMBER(12,2)` is a type change.
 */
export function normaliseType(type: string): string {
  const bare = type.trim().toLowerCase().replace(/\s+/g, ' ');
  if (/^(number|numeric|decimal|dec)\s*\(\s*\d+\s*,\s*[1-9]\d*\s*\)$/.test(bare))
    return bare.replace(/\s+/g, '').replace(/^(number|numeric|decimal|dec)/, 'decimal');
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

/** Names compare exactly (a rename is a drop and an add); types through `normaliseType`. */
export function diffSchema(baseline: readonly SchemaColumn[], live: readonly SchemaColumn[]): SchemaDiff {
  const before = new Map(baseline.map((column) => [column.name, column]));
  const after = new Map(live.map((column) => [column.name, column]));
  return {
    added: live.filter((column) => !before.has(column.name)),
    dropped: baseline.filter((column) => !after.has(column.name)),
    type_changed: live
      .filter((column) => before.has(column.name))
      .filter(
        (column) =>
          normaliseType((before.get(column.name) as SchemaColumn).type) !== normaliseType(column.type),
      )
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
export function evaluateSchemaDrift(
  config: SchemaDriftConfig,
  baseline: readonly SchemaColumn[] | null,
  live: readonly SchemaColumn[],
): MonitorResult & { capture: SchemaColumn[] | null } {
  if (baseline === null) {
    return {
      outcome: CheckOutcome.Pass,
      metric_value: 0,
      detail: { baseline_captured: true, columns: live.length },
      capture: live.map(({ name, type }) => ({ name, type })),
    };
  }
  const diff = diffSchema(baseline, live);
  const failOn = config.fail_on ?? ['added', 'dropped', 'type_changed'];
  const changes = diff.added.length + diff.dropped.length + diff.type_changed.length;
  const failing = failOn.some((kind) => diff[kind].length > 0);
  const severity: MonitorSeverity = config.severity ?? 'fail';
  return {
    outcome: failing ? severity : CheckOutcome.Pass,
    metric_value: changes,
    detail: { ...diff, changes },
    capture: null,
  };
}
