import { type FieldViolation } from '@dq/contracts';
import { columnNameProblem } from '../expectations/row-condition';
import { validateMinPoints } from '../severity/anomaly';
import { readOnlySqlProblem } from './read-only-sql';

/** The severity a pass/fail monitor lands on when it fails (volume, schema drift, custom SQL). */
export const MONITOR_SEVERITIES = ['warn', 'fail', 'critical'] as const;
export type MonitorSeverity = (typeof MONITOR_SEVERITIES)[number];

/** A year: freshness bounds beyond it are a mistake, not a monitor. */
export const FRESHNESS_MAX_HOURS = 8760;
export const COMPARISON_MAX_KEY_COLUMNS = 10;
/** `COMPARISON_MAX_ROWS` defaults to 1,000,000 per side; a check may lower it (docs/decisions/0020). */
export const COMPARISON_DEFAULT_MAX_ROWS = 1_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FreshnessConfig {
  /** The timestamp column; absent or null: the newest file's arrival time (F and O only). */
  column?: string | null;
  warn_after_hours?: number;
  fail_after_hours?: number;
  critical_after_hours?: number;
}

export interface VolumeConfig {
  min_rows?: number;
  max_rows?: number;
  severity?: MonitorSeverity;
}

export interface AnomalyConfig {
  metric: 'row_count' | 'freshness_hours';
  /** freshness_hours: the timestamp column, or absent for file arrival time (F and O). */
  column?: string | null;
  min_points?: number;
  per_weekday?: boolean;
}

export interface SchemaDriftConfig {
  fail_on?: ('added' | 'dropped' | 'type_changed')[];
  severity?: MonitorSeverity;
}

export interface CustomSqlConfig {
  sql: string;
  severity?: MonitorSeverity;
}

export interface ComparisonConfig {
  baseline_connection_id: string;
  /** The baseline: a target on the baseline connection, or a read-only query (SQL kinds). */
  baseline: { target: string } | { query: string };
  /** Optional read-only projection of the suite's own target (SQL kinds). */
  target_query?: string;
  key_columns: string[];
  compare_columns?: string[];
  numeric_tolerance?: number;
  max_rows?: number;
}

export interface ProfileConfig {
  columns?: string[];
  top_values?: number;
}

type Validator = (config: Record<string, unknown>, prefix: string) => FieldViolation[];

function unknownFields(
  config: Record<string, unknown>,
  prefix: string,
  known: readonly string[],
): FieldViolation[] {
  return Object.keys(config)
    .filter((key) => !known.includes(key))
    .map((key) => ({
      field: `${prefix}${key}`,
      problems: [`${prefix}${key} is not a field of this check kind`],
    }));
}

function problem(field: string, text: string): FieldViolation {
  return { field, problems: [text] };
}

function optionalColumn(value: unknown, field: string): FieldViolation[] {
  if (value === undefined || value === null) return [];
  const text = columnNameProblem(value, field);
  return text === null ? [] : [problem(field, text)];
}

function severityProblems(value: unknown, field: string): FieldViolation[] {
  if (value === undefined) return [];
  return (MONITOR_SEVERITIES as readonly unknown[]).includes(value)
    ? []
    : [problem(field, `${field} must be one of: ${MONITOR_SEVERITIES.join(', ')}`)];
}

function columnList(value: unknown, field: string, max: number, required: boolean): FieldViolation[] {
  if (value === undefined && !required) return [];
  if (!Array.isArray(value) || value.length === 0 || value.length > max)
    return [problem(field, `${field} must be a list of 1 to ${max} column names`)];
  const problems = value.flatMap((entry, index) => optionalColumn(entry, `${field}.${index}`));
  if (new Set(value).size !== value.length) problems.push(problem(field, `${field} names a column twice`));
  return problems;
}

function nonNegativeInteger(value: unknown, field: string): FieldViolation[] {
  if (value === undefined) return [];
  return Number.isSafeInteger(value) && (value as number) >= 0
    ? []
    : [problem(field, `${field} must be a whole number of at least 0`)];
}

const validateFreshness: Validator = (config, prefix) => {
  const fields = unknownFields(config, prefix, [
    'column',
    'warn_after_hours',
    'fail_after_hours',
    'critical_after_hours',
  ]);
  fields.push(...optionalColumn(config['column'], `${prefix}column`));
  const tiers = ['warn_after_hours', 'fail_after_hours', 'critical_after_hours'] as const;
  const present: [string, number][] = [];
  for (const tier of tiers) {
    const value = config[tier];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > FRESHNESS_MAX_HOURS)
      fields.push(
        problem(
          `${prefix}${tier}`,
          `${prefix}${tier} must be hours greater than 0, at most ${FRESHNESS_MAX_HOURS}`,
        ),
      );
    else present.push([tier, value]);
  }
  if (tiers.every((tier) => config[tier] === undefined || config[tier] === null))
    fields.push(
      problem(
        `${prefix}fail_after_hours`,
        'give at least one of warn_after_hours, fail_after_hours, critical_after_hours',
      ),
    );
  for (let index = 1; index < present.length; index += 1) {
    const [lowerName, lower] = present[index - 1];
    const [upperName, upper] = present[index];
    if (lower > upper)
      fields.push(
        problem(`${prefix}${upperName}`, `${prefix}${upperName} must be at least ${prefix}${lowerName}`),
      );
  }
  return fields;
};

const validateVolume: Validator = (config, prefix) => {
  const fields = unknownFields(config, prefix, ['min_rows', 'max_rows', 'severity']);
  fields.push(...nonNegativeInteger(config['min_rows'], `${prefix}min_rows`));
  fields.push(...nonNegativeInteger(config['max_rows'], `${prefix}max_rows`));
  fields.push(...severityProblems(config['severity'], `${prefix}severity`));
  if (config['min_rows'] === undefined && config['max_rows'] === undefined)
    fields.push(problem(`${prefix}min_rows`, 'give min_rows, max_rows or both'));
  if (
    typeof config['min_rows'] === 'number' &&
    typeof config['max_rows'] === 'number' &&
    config['min_rows'] > config['max_rows']
  )
    fields.push(problem(`${prefix}max_rows`, `${prefix}max_rows must be at least ${prefix}min_rows`));
  return fields;
};

const validateAnomaly: Validator = (config, prefix) => {
  const fields = unknownFields(config, prefix, ['metric', 'column', 'min_points', 'per_weekday']);
  if (config['metric'] !== 'row_count' && config['metric'] !== 'freshness_hours')
    fields.push(problem(`${prefix}metric`, `${prefix}metric must be row_count or freshness_hours`));
  fields.push(...optionalColumn(config['column'], `${prefix}column`));
  if (config['metric'] === 'row_count' && config['column'] !== undefined && config['column'] !== null)
    fields.push(problem(`${prefix}column`, 'a row_count anomaly monitor takes no column'));
  // Anomaly monitors run on SQL datasources only, where freshness needs a timestamp column.
  if (config['metric'] === 'freshness_hours' && (config['column'] === undefined || config['column'] === null))
    fields.push(problem(`${prefix}column`, 'a freshness_hours anomaly monitor needs the timestamp column'));
  fields.push(...validateMinPoints(config['min_points'], `${prefix}min_points`));
  if (config['per_weekday'] !== undefined && typeof config['per_weekday'] !== 'boolean')
    fields.push(problem(`${prefix}per_weekday`, `${prefix}per_weekday must be true or false`));
  return fields;
};

const validateSchemaDrift: Validator = (config, prefix) => {
  const fields = unknownFields(config, prefix, ['fail_on', 'severity']);
  const failOn = config['fail_on'];
  if (
    failOn !== undefined &&
    (!Array.isArray(failOn) ||
      failOn.length === 0 ||
      failOn.some((entry) => !['added', 'dropped', 'type_changed'].includes(entry as string)))
  )
    fields.push(
      problem(`${prefix}fail_on`, `${prefix}fail_on must list some of: added, dropped, type_changed`),
    );
  fields.push(...severityProblems(config['severity'], `${prefix}severity`));
  return fields;
};

const validateCustomSql: Validator = (config, prefix) => {
  const fields = unknownFields(config, prefix, ['sql', 'severity']);
  const text = readOnlySqlProblem(config['sql']);
  if (text !== null) fields.push(problem(`${prefix}sql`, `${prefix}sql ${text}`));
  fields.push(...severityProblems(config['severity'], `${prefix}severity`));
  return fields;
};

const validateComparison: Validator = (config, prefix) => {
  const fields = unknownFields(config, prefix, [
    'baseline_connection_id',
    'baseline',
    'target_query',
    'key_columns',
    'compare_columns',
    'numeric_tolerance',
    'max_rows',
  ]);
  if (typeof config['baseline_connection_id'] !== 'string' || !UUID.test(config['baseline_connection_id']))
    fields.push(
      problem(`${prefix}baseline_connection_id`, `${prefix}baseline_connection_id must be a connection id`),
    );
  const baseline = config['baseline'];
  if (typeof baseline !== 'object' || baseline === null || Array.isArray(baseline)) {
    fields.push(problem(`${prefix}baseline`, `${prefix}baseline must be {target} or {query}`));
  } else {
    const record = baseline as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length !== 1 || (keys[0] !== 'target' && keys[0] !== 'query'))
      fields.push(problem(`${prefix}baseline`, `${prefix}baseline must be {target} or {query}`));
    else if (
      keys[0] === 'target' &&
      (typeof record['target'] !== 'string' ||
        record['target'].length === 0 ||
        record['target'].length > 1024)
    )
      fields.push(
        problem(`${prefix}baseline.target`, `${prefix}baseline.target must be 1 to 1024 characters`),
      );
    else if (keys[0] === 'query') {
      const text = readOnlySqlProblem(record['query']);
      if (text !== null) fields.push(problem(`${prefix}baseline.query`, `${prefix}baseline.query ${text}`));
    }
  }
  if (config['target_query'] !== undefined) {
    const text = readOnlySqlProblem(config['target_query']);
    if (text !== null) fields.push(problem(`${prefix}target_query`, `${prefix}target_query ${text}`));
  }
  fields.push(...columnList(config['key_columns'], `${prefix}key_columns`, COMPARISON_MAX_KEY_COLUMNS, true));
  fields.push(...columnList(config['compare_columns'], `${prefix}compare_columns`, 500, false));
  // The keys join the sides; a key is never also a compared column.
  const keys = config['key_columns'];
  const compare = config['compare_columns'];
  if (Array.isArray(keys) && Array.isArray(compare)) {
    const both = compare.filter((name) => keys.includes(name));
    if (both.length > 0)
      fields.push(
        problem(
          `${prefix}compare_columns`,
          `${prefix}compare_columns must not name a key column (${both.join(', ')}): keys join the sides`,
        ),
      );
  }
  const tolerance = config['numeric_tolerance'];
  if (
    tolerance !== undefined &&
    (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0)
  )
    fields.push(
      problem(`${prefix}numeric_tolerance`, `${prefix}numeric_tolerance must be a number of at least 0`),
    );
  const maxRows = config['max_rows'];
  if (
    maxRows !== undefined &&
    (!Number.isSafeInteger(maxRows) ||
      (maxRows as number) < 1 ||
      (maxRows as number) > COMPARISON_DEFAULT_MAX_ROWS)
  )
    fields.push(
      problem(
        `${prefix}max_rows`,
        `${prefix}max_rows must be a whole number from 1 to ${COMPARISON_DEFAULT_MAX_ROWS}`,
      ),
    );
  return fields;
};

const validateProfile: Validator = (config, prefix) => {
  const fields = unknownFields(config, prefix, ['columns', 'top_values']);
  fields.push(...columnList(config['columns'], `${prefix}columns`, 200, false));
  const top = config['top_values'];
  if (top !== undefined && (!Number.isSafeInteger(top) || (top as number) < 0 || (top as number) > 20))
    fields.push(problem(`${prefix}top_values`, `${prefix}top_values must be a whole number from 0 to 20`));
  return fields;
};

export const MONITOR_CONFIG_VALIDATORS = {
  freshness: validateFreshness,
  volume: validateVolume,
  anomaly: validateAnomaly,
  schema_drift: validateSchemaDrift,
  custom_sql: validateCustomSql,
  comparison: validateComparison,
  profile: validateProfile,
} as const satisfies Record<string, Validator>;
