import {
  AppError,
  type ConnectionKind,
  type DqDimension,
  ErrorCode,
  LIST_DEFAULT_LIMIT,
  decodeListCursor,
  encodeListCursor,
  invalidCursorError,
} from '@dq/contracts';
import {
  EXPECTATION_CATALOG,
  type ExpectationDefinition,
  type ExpectationShape,
} from '../expectations/expectation-catalog';
import {
  MAX_ROW_FILTERS,
  MAX_FILTER_LIST_VALUES,
  MAX_COLUMN_NAME_LENGTH,
} from '../expectations/row-condition';
import { type ParamSpec } from '../expectations/expectation-params';
import {
  CHECK_ENGINES,
  CHECK_KINDS,
  CheckEngine,
  CheckKind,
  type CheckVariant,
  describeCheckVariant,
} from '../kinds/check-kind';
import { CHECK_SUPPORT_MATRIX } from '../kinds/support-matrix';
import { KINDS_WITH_THRESHOLDS } from '../definition/kind-config-validators';
import { defaultDimension } from '../definition/check-definition';
import { type ConfigField, MONITOR_CONFIG_FIELDS, MONITOR_CONFIG_RULES } from '../monitoring/monitor-configs';
import { DEFAULT_ANOMALY_Z_THRESHOLDS } from '../severity/anomaly';
import { DEFAULT_SEVERITY_THRESHOLDS } from '../severity/thresholds';
import { type JsonSchema, jsonTypeOf } from './json-schema';

/** One parameter of a config (or of an expectation's `kwargs`), flattened from its JSON Schema. */
export interface CatalogueParameter {
  name: string;
  /** The JSON type(s): string, number, integer, boolean, array, object, or several joined by ` | `. */
  type: string;
  required: boolean;
  /** What the engine assumes when the parameter is left out; null when nothing is assumed. */
  default: unknown;
  description: string | null;
  allowed_values: unknown[] | null;
  minimum: number | null;
  maximum: number | null;
  /** True when `minimum` itself is refused (a value must be greater). */
  exclusive_minimum: boolean;
  schema: JsonSchema;
}

/** A check body as `POST /suites/{id}/checks` takes it. */
export interface CatalogueCheckBody {
  name: string;
  kind: CheckKind;
  engine?: CheckEngine;
  config: Record<string, unknown>;
  thresholds?: Record<string, number>;
}

export interface CatalogueThresholds {
  /** False for kinds whose bounds or severity are in `config`: a `thresholds` field is refused. */
  applies: boolean;
  /** What the bounds are measured in. */
  unit: string | null;
  fields: CatalogueParameter[];
  /** The bounds used when `thresholds` is left out. */
  default: Record<string, number> | null;
  schema: JsonSchema | null;
}

/** One row of the datasource support matrix a kind spans. */
export interface CatalogueVariant {
  variant: CheckVariant;
  title: string;
  /** When a check of the kind is this variant. */
  when: string;
  datasource_kinds: ConnectionKind[];
}

export interface ExpectationTypeEntry {
  type: string;
  description: string;
  shape: ExpectationShape;
  engine: CheckEngine;
  datasource_kinds: ConnectionKind[];
  parameters: CatalogueParameter[];
  rules: string[];
  default_dimension: DqDimension;
  /** The JSON Schema of `config` for this type (`{expectation_type, kwargs}`). */
  config_schema: JsonSchema;
  example: CatalogueCheckBody;
}

export interface CheckKindEntry {
  kind: CheckKind;
  title: string;
  description: string;
  /** Every datasource kind some variant of the kind runs on. */
  datasource_kinds: ConnectionKind[];
  variants: CatalogueVariant[];
  /** The engines an expectation may name; empty for the other kinds (`engine` is refused). */
  engines: CheckEngine[];
  /** The fields of `config`. */
  parameters: CatalogueParameter[];
  /** Rules across fields, in words. */
  rules: string[];
  thresholds: CatalogueThresholds;
  default_dimension: DqDimension;
  /** The JSON Schema of `config` (for an expectation: one branch per expectation type). */
  config_schema: JsonSchema;
  /** Expectation checks only: every expectation type. */
  expectation_types: ExpectationTypeEntry[];
  example: CatalogueCheckBody;
}

const KIND_DESCRIPTIONS: Readonly<Record<CheckKind, string>> = {
  expectation:
    'A Great Expectations expectation (`config` is `{expectation_type, kwargs}` with GE names) compiled to ' +
    "the datasource's dialect; column-map types band their unexpected percentage through `thresholds`. " +
    'On a warehouse, `engine: "native"` evaluates four metric types with its own metric functions.',
  custom_sql: 'One read-only SQL statement whose returned rows are the failures; any row fails the check.',
  freshness:
    'Hours since the newest row (by a timestamp column) or, on file datasources without a column, since ' +
    'the newest file arrived; tiers of hours decide warn, fail and critical.',
  volume: 'The row count of the target lies between min_rows and max_rows.',
  anomaly:
    'The row count or freshness in hours compared with its own history: the z-score against the rolling ' +
    'mean bands through `thresholds`; too little history is skip, never a pass.',
  schema_drift:
    'The columns and types compared with the baseline captured on the first run; added, dropped or ' +
    'retyped columns fail as `fail_on` says.',
  comparison:
    'The target compared row by row with a baseline on another connection, joined on key_columns; the ' +
    'mismatched-row percentage bands through `thresholds`.',
  profile:
    'Column statistics (nulls, distinct values, min, max, top values) recorded for trends; never fails.',
};

/** When a check of a kind is each variant (the variants the support matrix gives their own row). */
const VARIANTS: Readonly<Record<CheckKind, readonly { variant: CheckVariant; when: string }[]>> = {
  expectation: [
    { variant: 'expectation', when: 'engine standard (the default)' },
    {
      variant: 'expectation_native',
      when: 'engine native (null_count, null_percent, duplicate_count, unique_count)',
    },
  ],
  custom_sql: [{ variant: 'custom_sql', when: 'always' }],
  freshness: [
    { variant: 'freshness', when: 'config.column given' },
    { variant: 'freshness_file_arrival', when: 'config.column left out or null' },
  ],
  volume: [{ variant: 'volume', when: 'always' }],
  anomaly: [{ variant: 'anomaly', when: 'always' }],
  schema_drift: [{ variant: 'schema_drift', when: 'always' }],
  comparison: [{ variant: 'comparison', when: 'always' }],
  profile: [{ variant: 'profile', when: 'always' }],
};

/** A valid config per monitor kind (unit tests run each through the create endpoint's validation). */
const MONITOR_EXAMPLES: Readonly<Record<Exclude<CheckKind, 'expectation'>, CatalogueCheckBody>> = {
  custom_sql: {
    name: 'No negative totals',
    kind: CheckKind.CustomSql,
    config: { sql: 'SELECT order_id FROM orders WHERE total < 0', severity: 'fail' },
  },
  freshness: {
    name: 'Orders arrive daily',
    kind: CheckKind.Freshness,
    config: { column: 'updated_at', warn_after_hours: 24, fail_after_hours: 48 },
  },
  volume: {
    name: 'Row count in range',
    kind: CheckKind.Volume,
    config: { min_rows: 1000, max_rows: 5000000 },
  },
  anomaly: {
    name: 'Row count anomaly',
    kind: CheckKind.Anomaly,
    config: { metric: 'row_count', min_points: 14 },
    thresholds: { warn: 2, fail: 3, critical: 4 },
  },
  schema_drift: {
    name: 'No dropped or retyped columns',
    kind: CheckKind.SchemaDrift,
    config: { fail_on: ['dropped', 'type_changed'], severity: 'critical' },
  },
  comparison: {
    name: 'Matches the staging copy',
    kind: CheckKind.Comparison,
    config: {
      baseline_connection_id: '00000000-0000-4000-8000-000000000000',
      baseline: { target: 'staging.orders' },
      key_columns: ['order_id'],
      compare_columns: ['total', 'status'],
      numeric_tolerance: 0.01,
    },
    thresholds: { warn: 0, fail: 1 },
  },
  profile: {
    name: 'Profile orders',
    kind: CheckKind.Profile,
    config: { columns: ['total', 'status'], top_values: 5 },
  },
};

const ROW_CONDITION_SCHEMA: JsonSchema = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_ROW_FILTERS,
  description: 'structured row filters ANDed together; no SQL text',
  items: {
    type: 'object',
    properties: {
      column: { type: 'string', minLength: 1, maxLength: MAX_COLUMN_NAME_LENGTH },
      op: {
        type: 'string',
        enum: ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in', 'not_in', 'is_null', 'is_not_null'],
      },
      value: {
        anyOf: [
          { type: ['string', 'number', 'boolean'] },
          {
            type: 'array',
            items: { type: ['string', 'number', 'boolean'] },
            minItems: 1,
            maxItems: MAX_FILTER_LIST_VALUES,
          },
        ],
        description: 'a scalar; a list for in/not_in; left out for is_null/is_not_null',
      },
    },
    required: ['column', 'op'],
    additionalProperties: false,
  },
};

function parameter(
  name: string,
  field: { required: boolean; schema: JsonSchema; default?: unknown },
): CatalogueParameter {
  const schema = field.schema;
  const exclusive = typeof schema['exclusiveMinimum'] === 'number';
  const minimum = (exclusive ? schema['exclusiveMinimum'] : schema['minimum']) as number | undefined;
  const maximum = schema['maximum'] as number | undefined;
  const allowed = schema['enum'] ?? (schema['items'] as JsonSchema | undefined)?.['enum'];
  return {
    name,
    type: jsonTypeOf(schema),
    required: field.required,
    default: field.default ?? null,
    description: typeof schema['description'] === 'string' ? schema['description'] : null,
    allowed_values: Array.isArray(allowed) ? [...(allowed as unknown[])] : null,
    minimum: minimum ?? null,
    maximum: maximum ?? null,
    exclusive_minimum: exclusive,
    schema: field.default === undefined ? schema : { ...schema, default: field.default },
  };
}

/** An object schema of named fields; unknown fields are refused, as the validators refuse them. */
function objectSchema(
  fields: Readonly<Record<string, { required: boolean; schema: JsonSchema; default?: unknown }>>,
  extra: JsonSchema = {},
): JsonSchema {
  const required = Object.entries(fields)
    .filter(([, field]) => field.required)
    .map(([name]) => name);
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(fields).map(([name, field]) => [name, parameter(name, field).schema]),
    ),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
    ...extra,
  };
}

/** An expectation's `kwargs`: its parameters and the optional row filter every type takes. */
function kwargsFields(definition: ExpectationDefinition): Record<string, ParamSpec | ConfigField> {
  return { ...definition.params, row_condition: { required: false, schema: ROW_CONDITION_SCHEMA } };
}

function expectationRules(definition: ExpectationDefinition): string[] {
  const rules: string[] = [];
  if (definition.params['min_value'] !== undefined && definition.rules !== undefined)
    rules.push('give min_value, max_value or both; min_value <= max_value');
  if (definition.params['mostly'] !== undefined)
    rules.push('mostly sets the fail bound: give it or thresholds.fail, not both');
  return rules;
}

/** Valid kwargs: every required parameter, and both bounds of a `*_between` type (low and high examples). */
function exampleKwargs(definition: ExpectationDefinition): Record<string, unknown> {
  const kwargs: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(definition.params)) {
    if (spec.required) kwargs[name] = spec.examples[0];
  }
  const min = definition.params['min_value'];
  const max = definition.params['max_value'];
  if (min !== undefined && max !== undefined && definition.rules !== undefined) {
    kwargs['min_value'] = min.examples[0];
    kwargs['max_value'] = max.examples[max.examples.length - 1];
  }
  return kwargs;
}

function expectationExample(definition: ExpectationDefinition): CatalogueCheckBody {
  const native = definition.engine === CheckEngine.Native;
  return {
    name: definition.type.replace(/^expect_/, '').replace(/_/g, ' '),
    kind: CheckKind.Expectation,
    ...(native ? { engine: CheckEngine.Native } : {}),
    config: { expectation_type: definition.type, kwargs: exampleKwargs(definition) },
  };
}

function expectationConfigSchema(definition: ExpectationDefinition): JsonSchema {
  return {
    type: 'object',
    title: definition.type,
    description: definition.description,
    properties: {
      expectation_type: { const: definition.type },
      kwargs: objectSchema(kwargsFields(definition)),
    },
    required: ['expectation_type', 'kwargs'],
    additionalProperties: false,
  };
}

function expectationEntry(definition: ExpectationDefinition): ExpectationTypeEntry {
  const variant: CheckVariant =
    definition.engine === CheckEngine.Native ? 'expectation_native' : 'expectation';
  const example = expectationExample(definition);
  return {
    type: definition.type,
    description: definition.description,
    shape: definition.shape,
    engine: definition.engine,
    datasource_kinds: [...CHECK_SUPPORT_MATRIX[variant]],
    parameters: Object.entries(kwargsFields(definition)).map(([name, spec]) => parameter(name, spec)),
    rules: expectationRules(definition),
    default_dimension: defaultDimension(CheckKind.Expectation, example.config),
    config_schema: expectationConfigSchema(definition),
    example,
  };
}

const TIER_NAMES = ['warn', 'fail', 'critical'] as const;

function thresholdsOf(kind: CheckKind): CatalogueThresholds {
  if (!KINDS_WITH_THRESHOLDS.includes(kind)) {
    return { applies: false, unit: null, fields: [], default: null, schema: null };
  }
  const anomaly = kind === CheckKind.Anomaly;
  const bound: JsonSchema = anomaly
    ? { type: 'number', exclusiveMinimum: 0 }
    : { type: 'number', minimum: 0, maximum: 100 };
  const unit = anomaly
    ? 'z-score (standard deviations from the rolling mean)'
    : kind === CheckKind.Comparison
      ? 'percent of mismatched rows'
      : 'percent of unexpected rows';
  const fields = Object.fromEntries(
    TIER_NAMES.map((tier) => [
      tier,
      {
        required: false,
        schema: {
          ...bound,
          description: `the ${tier} tier is reached above this ${anomaly ? 'z-score' : 'percentage'}`,
        },
      },
    ]),
  );
  const defaults = anomaly ? { ...DEFAULT_ANOMALY_Z_THRESHOLDS } : { ...DEFAULT_SEVERITY_THRESHOLDS };
  return {
    applies: true,
    unit,
    fields: Object.entries(fields).map(([name, field]) => parameter(name, field)),
    default: defaults,
    schema: objectSchema(fields, {
      description: `${unit}; a tier left out is never reached; warn <= fail <= critical`,
    }),
  };
}

function monitorEntry(kind: Exclude<CheckKind, 'expectation'>): Omit<CheckKindEntry, keyof KindBase> {
  const fields: Readonly<Record<string, ConfigField>> = MONITOR_CONFIG_FIELDS[kind];
  return {
    engines: [],
    parameters: Object.entries(fields).map(([name, field]) => parameter(name, field)),
    rules: [...(MONITOR_CONFIG_RULES[kind] ?? [])],
    config_schema: objectSchema(fields, { title: kind }),
    expectation_types: [],
    example: MONITOR_EXAMPLES[kind],
    default_dimension: defaultDimension(kind, MONITOR_EXAMPLES[kind].config),
  };
}

function expectationKindEntry(): Omit<CheckKindEntry, keyof KindBase> {
  const types = [...EXPECTATION_CATALOG.values()].map(expectationEntry);
  return {
    engines: [...CHECK_ENGINES],
    parameters: [
      parameter('expectation_type', {
        required: true,
        schema: {
          type: 'string',
          enum: types.map((entry) => entry.type),
          description: 'the Great Expectations type',
        },
      }),
      parameter('kwargs', {
        required: true,
        schema: { type: 'object', description: "the type's parameters (see expectation_types)" },
      }),
    ],
    rules: [
      'engine native takes only null_count, null_percent, duplicate_count, unique_count, which need it',
    ],
    config_schema: { title: CheckKind.Expectation, oneOf: types.map((entry) => entry.config_schema) },
    expectation_types: types,
    example: types[0].example,
    default_dimension: types[0].default_dimension,
  };
}

type KindBase = Pick<
  CheckKindEntry,
  'kind' | 'title' | 'description' | 'datasource_kinds' | 'variants' | 'thresholds'
>;

function kindEntry(kind: CheckKind): CheckKindEntry {
  const variants = VARIANTS[kind].map(({ variant, when }) => ({
    variant,
    title: describeCheckVariant(variant),
    when,
    datasource_kinds: [...CHECK_SUPPORT_MATRIX[variant]],
  }));
  const datasourceKinds = [...new Set(variants.flatMap((variant) => variant.datasource_kinds))];
  const base: KindBase = {
    kind,
    title: describeCheckVariant(VARIANTS[kind][0].variant),
    description: KIND_DESCRIPTIONS[kind],
    datasource_kinds: datasourceKinds,
    variants,
    thresholds: thresholdsOf(kind),
  };
  return { ...base, ...(kind === CheckKind.Expectation ? expectationKindEntry() : monitorEntry(kind)) };
}

let catalogue: readonly CheckKindEntry[] | undefined;

/** Every check kind with its parameters, datasource support, thresholds and an example body. */
export function checkKindCatalogue(): readonly CheckKindEntry[] {
  catalogue ??= CHECK_KINDS.map(kindEntry);
  return catalogue;
}

/**
 * The catalogue as seen from one datasource kind: the kinds with a variant that runs there, each
 * narrowed to those variants and (for expectations) to the types that run there.
 */
export function checkKindsFor(datasourceKind?: ConnectionKind): CheckKindEntry[] {
  const all = checkKindCatalogue();
  if (datasourceKind === undefined) return [...all];
  return all
    .filter((entry) => entry.datasource_kinds.includes(datasourceKind))
    .map((entry) => ({
      ...entry,
      variants: entry.variants.filter((variant) => variant.datasource_kinds.includes(datasourceKind)),
      expectation_types: entry.expectation_types.filter((type) =>
        type.datasource_kinds.includes(datasourceKind),
      ),
    }));
}

export function checkKindEntry(kind: string): CheckKindEntry | undefined {
  return checkKindCatalogue().find((entry) => entry.kind === kind);
}

/** A kind of the catalogue, or 404 `not_found` naming the kinds there are. */
export function describeCheckKind(kind: string): CheckKindEntry {
  const entry = checkKindEntry(kind);
  if (entry === undefined) {
    throw new AppError(ErrorCode.NotFound, `Check kind ${kind} not found`, {
      kind,
      check_kinds: [...CHECK_KINDS],
    });
  }
  return entry;
}

const CURSOR_SCOPE = 'check-kinds';

/**
 * One page of the catalogue in its fixed order, as every list pages (`limit`, `cursor`); the
 * cursor is the last kind of the page, so it stays valid while the catalogue is unchanged.
 */
export function listCheckKinds(query: {
  datasource_kind?: ConnectionKind;
  limit?: number;
  cursor?: string;
}): {
  items: CheckKindEntry[];
  next_cursor: string | null;
} {
  const all = checkKindsFor(query.datasource_kind);
  let start = 0;
  if (query.cursor !== undefined) {
    const [after] = decodeListCursor(query.cursor, CURSOR_SCOPE, ['text']);
    const index = all.findIndex((entry) => entry.kind === after);
    if (index < 0) throw invalidCursorError();
    start = index + 1;
  }
  const limit = query.limit ?? LIST_DEFAULT_LIMIT;
  const items = all.slice(start, start + limit);
  const more = start + limit < all.length && items.length > 0;
  return {
    items,
    next_cursor: more ? encodeListCursor(CURSOR_SCOPE, [items[items.length - 1].kind]) : null,
  };
}

/** Where `checkBodySchemas` puts the row filter schema every expectation type shares. */
export const ROW_CONDITION_DEF = 'CheckRowCondition';

/** An expectation branch with its `kwargs.row_condition` as a reference to the shared definition. */
function withRowConditionRef(branch: JsonSchema): JsonSchema {
  const properties = branch['properties'] as Record<string, JsonSchema>;
  const kwargs = properties['kwargs'];
  return {
    ...branch,
    properties: {
      ...properties,
      kwargs: {
        ...kwargs,
        properties: {
          ...(kwargs['properties'] as Record<string, JsonSchema>),
          row_condition: { $ref: `#/$defs/${ROW_CONDITION_DEF}` },
        },
      },
    },
  };
}

/**
 * The JSON Schemas of a check body's kind-specific fields, for tool and form inputs: `config` is
 * one branch per kind (an expectation's branch one per type), `thresholds` one per unit. The row
 * filter every expectation type takes is in `$defs` once (`#/$defs/CheckRowCondition`).
 */
export function checkBodySchemas(): {
  kind: JsonSchema;
  engine: JsonSchema;
  config: JsonSchema;
  thresholds: JsonSchema;
  $defs: Record<string, JsonSchema>;
} {
  const entries = checkKindCatalogue();
  const thresholdSchemas = entries
    .filter((entry) => entry.thresholds.schema !== null)
    .map((entry) => ({ ...(entry.thresholds.schema as JsonSchema), title: `thresholds of ${entry.kind}` }));
  const configBranch = (entry: CheckKindEntry): JsonSchema =>
    entry.expectation_types.length === 0
      ? { ...entry.config_schema, title: entry.kind }
      : {
          ...entry.config_schema,
          title: entry.kind,
          oneOf: entry.expectation_types.map((type) => withRowConditionRef(type.config_schema)),
        };
  return {
    kind: {
      type: 'string',
      enum: [...CHECK_KINDS],
      description: 'the check kind (describe_check_kind tells its config)',
    },
    engine: {
      type: 'string',
      enum: [...CHECK_ENGINES],
      description: 'expectation checks only; native runs four metric types on a warehouse',
    },
    config: {
      description: "the kind's own fields; one branch per kind",
      anyOf: entries.map(configBranch),
    },
    thresholds: {
      description: `only for ${KINDS_WITH_THRESHOLDS.join(', ')}: warn/fail/critical bounds`,
      anyOf: thresholdSchemas,
    },
    $defs: { [ROW_CONDITION_DEF]: ROW_CONDITION_SCHEMA },
  };
}
