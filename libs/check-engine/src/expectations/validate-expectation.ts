import { AppError, ErrorCode, type FieldViolation } from '@dq/contracts';
import { CHECK_ENGINES, CheckEngine } from '../kinds/check-kind';
import {
  EXPECTATION_CATALOG,
  type ExpectationDefinition,
  NATIVE_EXPECTATION_TYPES,
} from './expectation-catalog';
import { type RowFilter, validateRowCondition } from './row-condition';

/**
 * An expectation as Great Expectations stores one (`expectation_type` + `kwargs`), so a GE suite's
 * entries carry over by name; `row_condition` sits in `kwargs` as GE puts it, but structured.
 */
export interface ExpectationConfig {
  expectation_type: string;
  kwargs: Record<string, unknown> & { row_condition?: RowFilter[]; mostly?: number };
}

/** Field problems of an expectation config; paths are `${prefix}expectation_type`, `${prefix}kwargs.<name>`. */
export function validateExpectation(input: unknown, prefix = ''): FieldViolation[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return [{ field: prefix.replace(/\.$/, '') || 'expectation', problems: ['must be an object'] }];
  }
  const record = input as Record<string, unknown>;
  const violations: FieldViolation[] = [];
  for (const key of Object.keys(record)) {
    if (key !== 'expectation_type' && key !== 'kwargs') {
      violations.push({
        field: `${prefix}${key}`,
        problems: [`${prefix}${key} is not an expectation field`],
      });
    }
  }
  const type = record['expectation_type'];
  const definition = typeof type === 'string' ? EXPECTATION_CATALOG.get(type) : undefined;
  if (definition === undefined) {
    violations.push({
      field: `${prefix}expectation_type`,
      problems: [
        typeof type === 'string'
          ? `unknown expectation type; see the catalog for the ${EXPECTATION_CATALOG.size} supported types`
          : 'expectation_type is required',
      ],
    });
    return violations;
  }
  const kwargs = record['kwargs'] ?? {};
  if (typeof kwargs !== 'object' || kwargs === null || Array.isArray(kwargs)) {
    violations.push({ field: `${prefix}kwargs`, problems: ['kwargs must be an object'] });
    return violations;
  }
  violations.push(...validateKwargs(definition, kwargs as Record<string, unknown>, `${prefix}kwargs.`));
  return violations;
}

function validateKwargs(
  definition: ExpectationDefinition,
  kwargs: Record<string, unknown>,
  prefix: string,
): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const key of Object.keys(kwargs)) {
    if (key === 'row_condition') continue;
    if (definition.params[key] === undefined) {
      violations.push({
        field: `${prefix}${key}`,
        problems: [
          key === 'mostly'
            ? 'mostly applies only to column-map expectations; use thresholds'
            : `${key} is not a parameter of ${definition.type}`,
        ],
      });
    }
  }
  for (const [name, spec] of Object.entries(definition.params)) {
    const value = kwargs[name];
    const field = `${prefix}${name}`;
    if (value === undefined || value === null) {
      if (spec.required) violations.push({ field, problems: [`${name} is required`] });
      continue;
    }
    const problems = spec.check(value, name);
    if (problems.length > 0) violations.push({ field, problems });
  }
  violations.push(...validateRowCondition(kwargs['row_condition'], `${prefix}row_condition`));
  if (violations.length === 0 && definition.rules !== undefined) {
    violations.push(...definition.rules(kwargs, prefix));
  }
  return violations;
}

/**
 * The engine must fit the type: the native engine evaluates exactly its four metric types, and
 * those four exist only on it (where a check may run at all is the support matrix's business).
 */
export function validateExpectationEngine(
  expectationType: string,
  engine: unknown,
  field = 'engine',
): FieldViolation[] {
  if (engine !== undefined && engine !== null && !(CHECK_ENGINES as readonly unknown[]).includes(engine)) {
    return [{ field, problems: [`${field} must be one of: ${CHECK_ENGINES.join(', ')}`] }];
  }
  const isNativeType = NATIVE_EXPECTATION_TYPES.includes(expectationType);
  const isNativeEngine = engine === CheckEngine.Native;
  if (isNativeEngine && !isNativeType) {
    return [
      { field, problems: [`the native engine evaluates only: ${NATIVE_EXPECTATION_TYPES.join(', ')}`] },
    ];
  }
  if (!isNativeEngine && isNativeType) {
    return [{ field, problems: [`${expectationType} needs engine "native"`] }];
  }
  return [];
}

/** Validates and returns a copy, or throws 422 `validation_failed` with every field problem. */
export function parseExpectation(input: unknown, prefix = ''): ExpectationConfig {
  const fields = validateExpectation(input, prefix);
  if (fields.length > 0)
    throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
  const record = input as { expectation_type: string; kwargs?: Record<string, unknown> };
  return { expectation_type: record.expectation_type, kwargs: structuredClone(record.kwargs ?? {}) };
}
