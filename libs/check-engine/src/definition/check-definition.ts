import {
  AppError,
  type ConnectionKind,
  DQ_DIMENSIONS,
  DqDimension,
  ErrorCode,
  type FieldViolation,
} from '@dq/contracts';
import { expectationDefinition } from '../expectations/expectation-catalog';
import { validateExpectation, validateExpectationEngine } from '../expectations/validate-expectation';
import { CHECK_KINDS, CheckEngine, CheckKind } from '../kinds/check-kind';
import { assertCheckSupported } from '../kinds/support-matrix';
import { isUserSqlKind, userSqlProblem } from '../monitoring/sql-gate';
import { validateAnomalyThresholds } from '../severity/anomaly';
import { validateSeverityThresholds } from '../severity/thresholds';
import {
  type KindConfigValidator,
  KIND_CONFIG_VALIDATORS,
  KINDS_WITH_THRESHOLDS,
} from './kind-config-validators';

/** A check's definition as stored and versioned (everything but identity and state). */
export interface CheckDefinition {
  name: string;
  description: string | null;
  kind: CheckKind;
  engine: CheckEngine | null;
  dimension: DqDimension;
  thresholds: Record<string, unknown> | null;
  config: Record<string, unknown>;
  enabled: boolean;
}

/** What a definition is checked against: where the suite reads from. */
export interface DefinitionContext {
  datasourceKind: ConnectionKind;
}

const UNIQUENESS_TYPES = new Set([
  'expect_column_values_to_be_unique',
  'expect_compound_columns_to_be_unique',
  'expect_column_unique_value_count_to_be_between',
  'expect_column_proportion_of_unique_values_to_be_between',
  'duplicate_count',
  'unique_count',
]);
const COMPLETENESS_TYPES = new Set([
  'expect_column_values_to_not_be_null',
  'expect_column_values_to_be_null',
  'expect_table_row_count_to_be_between',
  'expect_table_row_count_to_equal',
  'null_count',
  'null_percent',
]);
const CONSISTENCY_TYPES = new Set([
  'expect_table_column_count_to_equal',
  'expect_table_column_count_to_be_between',
  'expect_table_columns_to_match_set',
  'expect_table_columns_to_match_ordered_list',
  'expect_column_values_to_be_of_type',
]);

/**
 * The dimension a check measures when its author leaves it out: what the check kind (and, for an
 * expectation, its type) is about. Authors may always say otherwise.
 */
export function defaultDimension(kind: CheckKind, config: Record<string, unknown>): DqDimension {
  switch (kind) {
    case CheckKind.Expectation: {
      const type = typeof config['expectation_type'] === 'string' ? config['expectation_type'] : '';
      if (UNIQUENESS_TYPES.has(type)) return DqDimension.Uniqueness;
      if (COMPLETENESS_TYPES.has(type)) return DqDimension.Completeness;
      if (CONSISTENCY_TYPES.has(type)) return DqDimension.Consistency;
      return DqDimension.Validity;
    }
    case CheckKind.Freshness:
      return DqDimension.Timeliness;
    case CheckKind.Anomaly:
      return config['metric'] === 'freshness_hours' ? DqDimension.Timeliness : DqDimension.Completeness;
    case CheckKind.Volume:
    case CheckKind.Profile:
      return DqDimension.Completeness;
    case CheckKind.SchemaDrift:
      return DqDimension.Consistency;
    case CheckKind.Comparison:
      return DqDimension.Accuracy;
    case CheckKind.CustomSql:
      return DqDimension.Validity;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validationFailed(fields: FieldViolation[]): AppError {
  return new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
}

/** Everything wrong with the kind-specific parts of a check body, field paths as the body has them. */
function definitionViolations(input: Record<string, unknown>, kind: CheckKind): FieldViolation[] {
  const fields: FieldViolation[] = [];
  const config = input['config'];
  if (!isRecord(config)) return [{ field: 'config', problems: ['config must be an object'] }];
  if (kind === CheckKind.Expectation) {
    fields.push(...validateExpectation(config, 'config.'));
    const type = typeof config['expectation_type'] === 'string' ? config['expectation_type'] : '';
    if (expectationDefinition(type)) fields.push(...validateExpectationEngine(type, input['engine']));
  } else {
    if (input['engine'] !== undefined && input['engine'] !== null)
      fields.push({ field: 'engine', problems: ['engine applies to expectation checks only'] });
    const validator: KindConfigValidator = KIND_CONFIG_VALIDATORS[kind];
    fields.push(...validator(config, 'config.'));
  }
  if (
    input['thresholds'] !== undefined &&
    input['thresholds'] !== null &&
    !KINDS_WITH_THRESHOLDS.includes(kind)
  ) {
    fields.push({
      field: 'thresholds',
      problems: [`a ${kind} check takes no thresholds; its bounds or severity are in config`],
    });
  } else if (input['thresholds'] !== undefined && input['thresholds'] !== null) {
    fields.push(
      ...(kind === CheckKind.Anomaly
        ? validateAnomalyThresholds(input['thresholds'], 'thresholds')
        : validateSeverityThresholds(input['thresholds'], 'thresholds')),
    );
  }
  if (input['dimension'] !== undefined && !(DQ_DIMENSIONS as readonly unknown[]).includes(input['dimension']))
    fields.push({ field: 'dimension', problems: [`dimension must be one of: ${DQ_DIMENSIONS.join(', ')}`] });
  return fields;
}

/**
 * The dialect's gate over the user SQL that runs on the suite's own datasource (custom SQL, a
 * comparison's target query); a comparison's baseline query is gated where its connection is known.
 */
function userSqlViolations(
  kind: CheckKind,
  config: Record<string, unknown>,
  datasourceKind: ConnectionKind,
): FieldViolation[] {
  if (!isUserSqlKind(datasourceKind)) return [];
  const field = kind === CheckKind.CustomSql ? 'sql' : kind === CheckKind.Comparison ? 'target_query' : null;
  if (field === null || typeof config[field] !== 'string') return [];
  const problem = userSqlProblem(config[field], datasourceKind);
  return problem === null ? [] : [{ field: `config.${field}`, problems: [`config.${field} ${problem}`] }];
}

/**
 * Validates a whole check body (create, a PATCH merged over the stored definition, an import, a
 * dry-run) for a suite reading from `context.datasourceKind`, and returns the definition to store.
 * Refusals are 422 `validation_failed`: field problems first, then the datasource support matrix
 * (which names the kinds that do support the check).
 */
export function parseCheckDefinition(input: unknown, context: DefinitionContext): CheckDefinition {
  if (!isRecord(input)) throw validationFailed([{ field: '', problems: ['the body must be an object'] }]);
  const kind = input['kind'];
  if (typeof kind !== 'string' || !(CHECK_KINDS as readonly string[]).includes(kind)) {
    throw validationFailed([{ field: 'kind', problems: [`kind must be one of: ${CHECK_KINDS.join(', ')}`] }]);
  }
  const checkKind = kind as CheckKind;
  const fields = definitionViolations(input, checkKind);
  if (fields.length > 0) throw validationFailed(fields);

  const config = structuredClone(input['config'] as Record<string, unknown>);
  const engine =
    checkKind === CheckKind.Expectation
      ? ((input['engine'] as CheckEngine | undefined | null) ?? CheckEngine.Standard)
      : null;
  const column =
    checkKind === CheckKind.Freshness ? (config['column'] as string | null | undefined) : undefined;
  assertCheckSupported({ kind: checkKind, engine, column }, context.datasourceKind);
  const sqlFields = userSqlViolations(checkKind, config, context.datasourceKind);
  if (sqlFields.length > 0) throw validationFailed(sqlFields);
  return {
    name: String(input['name']),
    description: typeof input['description'] === 'string' ? input['description'] : null,
    kind: checkKind,
    engine,
    dimension: (input['dimension'] as DqDimension | undefined) ?? defaultDimension(checkKind, config),
    thresholds: isRecord(input['thresholds']) ? structuredClone(input['thresholds']) : null,
    config,
    enabled: typeof input['enabled'] === 'boolean' ? input['enabled'] : true,
  };
}
