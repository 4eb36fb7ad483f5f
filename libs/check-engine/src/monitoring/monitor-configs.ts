import { type FieldViolation } from '@dq/contracts';
import { type JsonSchema } from '../catalogue/json-schema';
import { MAX_COLUMN_NAME_LENGTH, columnNameProblem } from '../expectations/row-condition';
import { DEFAULT_ANOMALY_MIN_POINTS, MIN_POINTS_RANGE, validateMinPoints } from '../severity/anomaly';
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

/** One field of a monitor kind's `config` as the catalogue shows it; the validators below enforce it. */
export interface ConfigField {
  required: boolean;
  schema: JsonSchema;
  /** What the engine assumes when the field is left out (absent: nothing is assumed). */
  default?: unknown;
}

const COLUMN: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_COLUMN_NAME_LENGTH,
  pattern: '\\S',
};
const SEVERITY: ConfigField = {
  required: false,
  schema: {
    type: 'string',
    enum: [...MONITOR_SEVERITIES],
    description: 'the outcome when the monitor fails',
  },
  default: 'fail',
};
const READ_ONLY_SQL: JsonSchema = {
  type: 'string',
  minLength: 1,
  description: 'one read-only SELECT (or WITH ... SELECT) statement',
};
const columnListSchema = (max: number, description: string): JsonSchema => ({
  type: 'array',
  items: COLUMN,
  minItems: 1,
  maxItems: max,
  uniqueItems: true,
  description,
});
const hours = (description: string): ConfigField => ({
  required: false,
  schema: { type: 'number', exclusiveMinimum: 0, maximum: FRESHNESS_MAX_HOURS, description },
});
export const SCHEMA_DRIFT_CHANGES = ['added', 'dropped', 'type_changed'] as const;
const PROFILE_MAX_COLUMNS = 200;
const PROFILE_MAX_TOP_VALUES = 20;
/** Top values a profile keeps per column when `top_values` is left out. */
export const PROFILE_DEFAULT_TOP_VALUES = 5;
const COMPARISON_MAX_COMPARE_COLUMNS = 500;
const BASELINE_TARGET_MAX_LENGTH = 1024;

/**
 * The fields of each monitor kind's `config`: the catalogue's source for their names, types,
 * bounds and defaults, and the validators' list of known fields. Rules across fields (at least one
 * bound, ordered tiers) are the validators'; the catalogue states them in words.
 */
export const MONITOR_CONFIG_FIELDS = {
  freshness: {
    column: {
      required: false,
      schema: {
        type: ['string', 'null'],
        minLength: 1,
        maxLength: MAX_COLUMN_NAME_LENGTH,
        description:
          'the timestamp column; left out or null: the newest file arrival time (file datasources)',
      },
    },
    warn_after_hours: hours('hours since the newest row or file after which the check warns'),
    fail_after_hours: hours('hours after which it fails'),
    critical_after_hours: hours('hours after which it is critical'),
  },
  volume: {
    min_rows: {
      required: false,
      schema: { type: 'integer', minimum: 0, description: 'fewest rows expected' },
    },
    max_rows: { required: false, schema: { type: 'integer', minimum: 0, description: 'most rows expected' } },
    severity: SEVERITY,
  },
  anomaly: {
    metric: {
      required: true,
      schema: { type: 'string', enum: ['row_count', 'freshness_hours'], description: 'what is watched' },
    },
    column: {
      required: false,
      schema: {
        ...COLUMN,
        type: ['string', 'null'],
        description: 'freshness_hours only: the timestamp column (required there)',
      },
    },
    min_points: {
      required: false,
      schema: {
        type: 'integer',
        minimum: MIN_POINTS_RANGE.min,
        maximum: MIN_POINTS_RANGE.max,
        description: 'history needed before a verdict (fewer is skip)',
      },
      default: DEFAULT_ANOMALY_MIN_POINTS,
    },
    per_weekday: {
      required: false,
      schema: { type: 'boolean', description: 'compare with the same weekday only' },
      default: false,
    },
  },
  schema_drift: {
    fail_on: {
      required: false,
      schema: {
        type: 'array',
        items: { type: 'string', enum: [...SCHEMA_DRIFT_CHANGES] },
        minItems: 1,
        uniqueItems: true,
        description: 'the changes that fail the check',
      },
      default: [...SCHEMA_DRIFT_CHANGES],
    },
    severity: SEVERITY,
  },
  custom_sql: {
    sql: {
      required: true,
      schema: {
        ...READ_ONLY_SQL,
        description: `${String(READ_ONLY_SQL['description'])} whose rows are the failures`,
      },
    },
    severity: SEVERITY,
  },
  comparison: {
    baseline_connection_id: {
      required: true,
      schema: { type: 'string', format: 'uuid', description: 'the connection the baseline is read from' },
    },
    baseline: {
      required: true,
      schema: {
        oneOf: [
          {
            type: 'object',
            properties: { target: { type: 'string', minLength: 1, maxLength: BASELINE_TARGET_MAX_LENGTH } },
            required: ['target'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: { query: READ_ONLY_SQL },
            required: ['query'],
            additionalProperties: false,
          },
        ],
        description: 'a target on the baseline connection, or a read-only query (SQL datasources)',
      },
    },
    target_query: {
      required: false,
      schema: {
        ...READ_ONLY_SQL,
        description: "a read-only projection of the suite's own target (SQL datasources)",
      },
    },
    key_columns: {
      required: true,
      schema: columnListSchema(COMPARISON_MAX_KEY_COLUMNS, 'the columns that join the two sides'),
    },
    compare_columns: {
      required: false,
      schema: columnListSchema(
        COMPARISON_MAX_COMPARE_COLUMNS,
        'the columns compared; left out: all shared non-key columns',
      ),
    },
    numeric_tolerance: {
      required: false,
      schema: { type: 'number', minimum: 0, description: 'absolute difference still counted equal' },
      default: 0,
    },
    max_rows: {
      required: false,
      schema: {
        type: 'integer',
        minimum: 1,
        maximum: COMPARISON_DEFAULT_MAX_ROWS,
        description: 'rows read per side at most',
      },
      default: COMPARISON_DEFAULT_MAX_ROWS,
    },
  },
  profile: {
    columns: {
      required: false,
      schema: columnListSchema(PROFILE_MAX_COLUMNS, 'the columns profiled; left out: all'),
    },
    top_values: {
      required: false,
      schema: {
        type: 'integer',
        minimum: 0,
        maximum: PROFILE_MAX_TOP_VALUES,
        description: 'most common values kept per column',
      },
      default: PROFILE_DEFAULT_TOP_VALUES,
    },
  },
} as const satisfies Record<string, Record<string, ConfigField>>;
type MonitorKind = keyof typeof MONITOR_CONFIG_FIELDS;

/** Rules across a kind's config fields, in words (the validators enforce them). */
export const MONITOR_CONFIG_RULES: Readonly<Partial<Record<MonitorKind, readonly string[]>>> = {
  freshness: [
    'give at least one of warn_after_hours, fail_after_hours, critical_after_hours',
    'warn_after_hours <= fail_after_hours <= critical_after_hours',
  ],
  volume: ['give min_rows, max_rows or both', 'min_rows <= max_rows'],
  anomaly: ['row_count takes no column; freshness_hours needs column'],
  comparison: ['compare_columns must not name a key column'],
};

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
  const fields = unknownFields(config, prefix, Object.keys(MONITOR_CONFIG_FIELDS.freshness));
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
  const fields = unknownFields(config, prefix, Object.keys(MONITOR_CONFIG_FIELDS.volume));
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
  const fields = unknownFields(config, prefix, Object.keys(MONITOR_CONFIG_FIELDS.anomaly));
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
  const fields = unknownFields(config, prefix, Object.keys(MONITOR_CONFIG_FIELDS.schema_drift));
  const failOn = config['fail_on'];
  if (
    failOn !== undefined &&
    (!Array.isArray(failOn) ||
      failOn.length === 0 ||
      failOn.some((entry) => !(SCHEMA_DRIFT_CHANGES as readonly unknown[]).includes(entry)))
  )
    fields.push(
      problem(`${prefix}fail_on`, `${prefix}fail_on must list some of: added, dropped, type_changed`),
    );
  fields.push(...severityProblems(config['severity'], `${prefix}severity`));
  return fields;
};

const validateCustomSql: Validator = (config, prefix) => {
  const fields = unknownFields(config, prefix, Object.keys(MONITOR_CONFIG_FIELDS.custom_sql));
  const text = readOnlySqlProblem(config['sql']);
  if (text !== null) fields.push(problem(`${prefix}sql`, `${prefix}sql ${text}`));
  fields.push(...severityProblems(config['severity'], `${prefix}severity`));
  return fields;
};

const validateComparison: Validator = (config, prefix) => {
  const fields = unknownFields(config, prefix, Object.keys(MONITOR_CONFIG_FIELDS.comparison));
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
        record['target'].length > BASELINE_TARGET_MAX_LENGTH)
    )
      fields.push(
        problem(
          `${prefix}baseline.target`,
          `${prefix}baseline.target must be 1 to ${BASELINE_TARGET_MAX_LENGTH} characters`,
        ),
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
  fields.push(
    ...columnList(
      config['compare_columns'],
      `${prefix}compare_columns`,
      COMPARISON_MAX_COMPARE_COLUMNS,
      false,
    ),
  );
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
  const fields = unknownFields(config, prefix, Object.keys(MONITOR_CONFIG_FIELDS.profile));
  fields.push(...columnList(config['columns'], `${prefix}columns`, PROFILE_MAX_COLUMNS, false));
  const top = config['top_values'];
  if (
    top !== undefined &&
    (!Number.isSafeInteger(top) || (top as number) < 0 || (top as number) > PROFILE_MAX_TOP_VALUES)
  )
    fields.push(
      problem(
        `${prefix}top_values`,
        `${prefix}top_values must be a whole number from 0 to ${PROFILE_MAX_TOP_VALUES}`,
      ),
    );
  return fields;
};

export const MONITOR_CONFIG_VALIDATORS: Readonly<Record<MonitorKind, Validator>> = {
  freshness: validateFreshness,
  volume: validateVolume,
  anomaly: validateAnomaly,
  schema_drift: validateSchemaDrift,
  custom_sql: validateCustomSql,
  comparison: validateComparison,
  profile: validateProfile,
};
