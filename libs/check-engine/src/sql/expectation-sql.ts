import { DEFAULT_IGNORE_ROW_IF } from '../expectations/expectation-params';
import { type ExpectationObservation } from '../expectations/unexpected-percent';
import { type ExpectationConfig } from '../expectations/validate-expectation';
import { type FusedScanBuilder, floatOf, jsonFloat, numberOf, statisticText, textOf } from './fused-scan';
import { type SqlDialect, type SqlValue } from './sql-dialect';

/** A column of the target as introspected: name and the datasource's own type name. */
export interface IntrospectedColumn {
  name: string;
  type: string;
}

/** Why an expectation could not be evaluated (the check's outcome is `error`). */
export interface EvaluationProblem {
  reason: 'column_not_found' | 'not_comparable';
  message: string;
  column?: string;
}

/** What the observed values of one expectation came to. */
export interface ExpectationReading {
  observation: ExpectationObservation;
  /** What a run stores as `metric_value`: a column-map's unexpected % is added by the caller. */
  observed: number | null;
  detail: Record<string, unknown>;
}

/** An expectation compiled into a fused scan: how to read its result out of the one result row. */
export interface CompiledExpectation {
  read(row: Record<string, unknown>): ExpectationReading;
  /** Column-map checks only: the predicate (over the filtered rows) of an unexpected row. */
  unexpected?: UnexpectedRows;
}

/** The rows a failing sample shows: a predicate, and the windows it needs (uniqueness). */
export interface UnexpectedRows {
  predicate: (builder: FusedScanBuilder) => string;
  /** A cheaper predicate for the sample read, where one exists (uniqueness: no window sort). */
  samplePredicate?: (builder: FusedScanBuilder) => string;
  /**
   * A key the fused scan captured (as text) whose rows alone are failing rows enough for a sample,
   * or null; `keyedPredicate` selects those rows, so the sample read needs no grouped re-read.
   */
  sampleKey?: (row: Record<string, unknown>) => string | null;
  keyedPredicate?: (builder: FusedScanBuilder, key: string) => string;
}

/** Reports a column the target does not have; resolution is exact, else one case-insensitive match. */
export class ColumnResolver {
  private readonly exact: Set<string>;
  private readonly folded = new Map<string, string[]>();

  constructor(readonly columns: readonly IntrospectedColumn[]) {
    this.exact = new Set(columns.map((column) => column.name));
    for (const column of columns) {
      const key = column.name.toLowerCase();
      this.folded.set(key, [...(this.folded.get(key) ?? []), column.name]);
    }
  }

  /** The target's own name for `name`, or null when it does not resolve (or is ambiguous). */
  resolve(name: string): string | null {
    if (this.exact.has(name)) return name;
    const candidates = this.folded.get(name.toLowerCase()) ?? [];
    return candidates.length === 1 ? candidates[0] : null;
  }

  typeOf(name: string): string | null {
    return this.columns.find((column) => column.name === name)?.type ?? null;
  }
}

export class ExpectationCompileError extends Error {
  constructor(readonly problem: EvaluationProblem) {
    super(problem.message);
    this.name = 'ExpectationCompileError';
  }
}

function columnOf(resolver: ColumnResolver, name: unknown): string {
  const resolved = resolver.resolve(String(name));
  if (resolved === null) {
    throw new ExpectationCompileError({
      reason: 'column_not_found',
      message: `The column "${String(name)}" does not resolve on the target`,
      column: String(name),
    });
  }
  return resolved;
}

const met = (
  value: boolean,
  observed: number | null,
  detail: Record<string, unknown> = {},
): ExpectationReading => ({
  observation: { shape: 'column_aggregate', met: value },
  observed,
  detail,
});

function inRange(value: number | null, kwargs: Record<string, unknown>): boolean {
  // NaN is within no bounds, not even none: a statistic that is not a number cannot pass.
  if (value === null || Number.isNaN(value)) return false;
  const min = kwargs['min_value'] as number | null | undefined;
  const max = kwargs['max_value'] as number | null | undefined;
  const strictMin = kwargs['strict_min'] === true;
  const strictMax = kwargs['strict_max'] === true;
  if (min !== undefined && min !== null && (strictMin ? !(value > min) : !(value >= min))) return false;
  if (max !== undefined && max !== null && (strictMax ? !(value < max) : !(value <= max))) return false;
  return true;
}

/** `value NOT between`, in SQL, so the datasource compares with its own types (dates, text). */
function outsideBoundsSql(
  builder: FusedScanBuilder,
  expression: string,
  kwargs: Record<string, unknown>,
): string {
  const bounds: string[] = [];
  const min = kwargs['min_value'];
  const max = kwargs['max_value'];
  if (min !== undefined && min !== null)
    bounds.push(
      `${expression} ${kwargs['strict_min'] === true ? '>' : '>='} ${builder.params.add(min as SqlValue)}`,
    );
  if (max !== undefined && max !== null)
    bounds.push(
      `${expression} ${kwargs['strict_max'] === true ? '<' : '<='} ${builder.params.add(max as SqlValue)}`,
    );
  return bounds.length === 0 ? 'FALSE' : `NOT (${bounds.join(' AND ')})`;
}

// Types that can hold NaN and the infinities (floating point; PostgreSQL's numeric holds them too).
const FLOATING_TYPE = /float|double|real|numeric|decimal|number/i;

/** Whether the (resolved) column is of a type that can hold NaN: its statistics then leave NaN out. */
function floating(resolver: ColumnResolver, name: string): boolean {
  return FLOATING_TYPE.test(resolver.typeOf(name) ?? '');
}

/** The NaN test of a floating column, in its own type where the dialect can. */
function nanTest(dialect: SqlDialect, resolver: ColumnResolver, name: string, quoted: string): string {
  return dialect.isNaNValue(quoted, resolver.typeOf(name) ?? '');
}

function valueList(builder: FusedScanBuilder, values: unknown): string {
  return (values as SqlValue[]).map((value) => builder.params.add(value)).join(', ');
}

/**
 * The count of distinct values inside a set, read from the fused row. Without a null in the set,
 * IN and NOT IN split the non-null values, so it is the column's distinct count (often already in
 * the statement for another check) less the count outside: one distinct sort fewer.
 */
function distinctInsideSet(
  builder: FusedScanBuilder,
  c: string,
  values: SqlValue[],
  outside: string,
): (row: Record<string, unknown>) => number {
  if (values.every((value) => value !== null)) {
    const all = builder.aggregate(`count(DISTINCT ${c})`);
    return (row) => (numberOf(row[all]) ?? 0) - (numberOf(row[outside]) ?? 0);
  }
  const inside = builder.aggregate(
    `count(DISTINCT CASE WHEN ${c} IN (${valueList(builder, values)}) THEN ${c} END)`,
  );
  return (row) => numberOf(row[inside]) ?? 0;
}

/** Column-map expectations: counts over the filtered rows, as Great Expectations computes them. */
function columnMap(
  builder: FusedScanBuilder,
  quoted: string,
  unexpected: (builder: FusedScanBuilder) => string,
  base: 'non_null_rows' | 'all_rows' = 'non_null_rows',
): CompiledExpectation {
  const { dialect } = builder;
  const rows = builder.aggregate('count(*)');
  const nonNull = builder.aggregate(`count(${quoted})`);
  const unexpectedAlias = builder.aggregate(dialect.countIf(unexpected(builder)));
  return {
    read: (row) => {
      const element = numberOf(row[rows]) ?? 0;
      const counted = numberOf(row[nonNull]) ?? 0;
      const unexpectedCount = numberOf(row[unexpectedAlias]) ?? 0;
      return {
        observation: {
          shape: 'column_map',
          counts: {
            element_count: element,
            nonnull_count: base === 'all_rows' ? element : counted,
            unexpected_count: unexpectedCount,
          },
        },
        observed: null,
        detail: { element_count: element, nonnull_count: counted, unexpected_count: unexpectedCount },
      };
    },
    unexpected: { predicate: unexpected },
  };
}

/**
 * Compiles one expectation into `builder`'s fused scan; table-shape expectations that need only the
 * column list are answered without the scan (`immediate`). Throws `ExpectationCompileError` for a
 * column that does not resolve: that check is an evaluation error, the others go on.
 */
export function compileExpectation(
  builder: FusedScanBuilder,
  resolver: ColumnResolver,
  config: ExpectationConfig,
): CompiledExpectation | { immediate: ExpectationReading } {
  const { dialect } = builder;
  const kwargs = config.kwargs;
  const q = (name: string) => dialect.quoteIdentifier(name);
  const column = (): string => q(columnOf(resolver, kwargs['column']));

  switch (config.expectation_type) {
    case 'expect_column_values_to_not_be_null': {
      const c = column();
      return columnMap(builder, c, () => `${c} IS NULL`, 'all_rows');
    }
    case 'expect_column_values_to_be_null': {
      const c = column();
      return columnMap(builder, c, () => `${c} IS NOT NULL`, 'all_rows');
    }
    case 'expect_column_values_to_be_unique': {
      const c = column();
      const compiled = columnMap(builder, c, (b) => `${c} IS NOT NULL AND ${b.windowCount([c])} > 1`);
      // The least value shared by at least a sample's worth of rows, read from the window the scan
      // computes anyway: a sample then reads that value's rows, not a grouped pass over the target.
      const keyAlias = builder.aggregate(
        `min(CASE WHEN ${c} IS NOT NULL AND ${builder.windowCount([c])} >= ${Math.max(2, builder.sampleRows)} THEN ${dialect.text(c)} END)`,
      );
      return {
        ...compiled,
        unexpected: {
          ...compiled.unexpected!,
          samplePredicate: (b) => b.duplicatesOf([c]),
          sampleKey: (row) => textOf(row[keyAlias]),
          keyedPredicate: (b, key) => `${dialect.text(c)} = ${b.params.add(key)}`,
        },
      };
    }
    case 'expect_column_values_to_be_between': {
      const name = columnOf(resolver, kwargs['column']);
      const c = q(name);
      // NaN is between no bounds (each dialect would otherwise order it above every number).
      const nan = floating(resolver, name) ? `${nanTest(dialect, resolver, name, c)} OR ` : '';
      return columnMap(builder, c, (b) => `${c} IS NOT NULL AND (${nan}${outsideBoundsSql(b, c, kwargs)})`);
    }
    case 'expect_column_values_to_be_in_set': {
      const c = column();
      return columnMap(
        builder,
        c,
        (b) => `${c} IS NOT NULL AND ${c} NOT IN (${valueList(b, kwargs['value_set'])})`,
      );
    }
    case 'expect_column_values_to_not_be_in_set': {
      const c = column();
      return columnMap(builder, c, (b) => `${c} IN (${valueList(b, kwargs['value_set'])})`);
    }
    case 'expect_column_values_to_match_regex':
    case 'expect_column_values_to_not_match_regex': {
      const c = column();
      const negate = config.expectation_type === 'expect_column_values_to_match_regex';
      return columnMap(builder, c, (b) => {
        const matches = dialect.regexMatches(dialect.text(c), b.params.add(String(kwargs['regex'])));
        return `${c} IS NOT NULL AND ${negate ? `NOT ${matches}` : matches}`;
      });
    }
    case 'expect_column_value_lengths_to_be_between': {
      const c = column();
      return columnMap(
        builder,
        c,
        (b) => `${c} IS NOT NULL AND ${outsideBoundsSql(b, dialect.charLength(dialect.text(c)), kwargs)}`,
      );
    }
    case 'expect_compound_columns_to_be_unique': {
      const columns = (kwargs['column_list'] as string[]).map((name) => q(columnOf(resolver, name)));
      const ignore = (kwargs['ignore_row_if'] as string | undefined) ?? DEFAULT_IGNORE_ROW_IF;
      const considered =
        ignore === 'never'
          ? 'TRUE'
          : ignore === 'any_value_is_missing'
            ? columns.map((c) => `${c} IS NOT NULL`).join(' AND ')
            : `(${columns.map((c) => `${c} IS NOT NULL`).join(' OR ')})`;
      const predicate = (b: FusedScanBuilder): string => `${considered} AND ${b.windowCount(columns)} > 1`;
      const rows = builder.aggregate('count(*)');
      const consideredAlias = builder.aggregate(dialect.countIf(considered));
      const unexpectedAlias = builder.aggregate(dialect.countIf(predicate(builder)));
      return {
        read: (row) => {
          const element = numberOf(row[rows]) ?? 0;
          const consideredCount = numberOf(row[consideredAlias]) ?? 0;
          const unexpectedCount = numberOf(row[unexpectedAlias]) ?? 0;
          return {
            observation: {
              shape: 'column_map',
              counts: {
                element_count: element,
                nonnull_count: consideredCount,
                unexpected_count: unexpectedCount,
              },
            },
            observed: null,
            detail: {
              element_count: element,
              considered_count: consideredCount,
              unexpected_count: unexpectedCount,
            },
          };
        },
        unexpected: {
          predicate,
          samplePredicate: (b) => `${considered} AND ${b.duplicatesOf(columns)}`,
        },
      };
    }
    case 'expect_column_values_to_be_of_type': {
      const name = columnOf(resolver, kwargs['column']);
      const actual = resolver.typeOf(name) ?? '';
      const wanted = String(kwargs['type_']);
      return { immediate: met(sameTypeName(actual, wanted), null, { observed_type: actual }) };
    }
    case 'expect_table_row_count_to_be_between':
    case 'expect_table_row_count_to_equal': {
      const rows = builder.aggregate('count(*)');
      return {
        read: (row) => {
          const count = numberOf(row[rows]) ?? 0;
          const ok =
            config.expectation_type === 'expect_table_row_count_to_equal'
              ? count === kwargs['value']
              : inRange(count, kwargs);
          return {
            observation: { shape: 'table', met: ok },
            observed: count,
            detail: { observed_value: count },
          };
        },
      };
    }
    case 'expect_table_column_count_to_equal':
    case 'expect_table_column_count_to_be_between': {
      const count = resolver.columns.length;
      const ok =
        config.expectation_type === 'expect_table_column_count_to_equal'
          ? count === kwargs['value']
          : inRange(count, kwargs);
      return {
        immediate: {
          observation: { shape: 'table', met: ok },
          observed: count,
          detail: { observed_value: count },
        },
      };
    }
    case 'expect_table_columns_to_match_set': {
      const actual = resolver.columns.map((c) => c.name);
      const wanted = kwargs['column_set'] as string[];
      const missing = wanted.filter((name) => !actual.includes(name));
      const unexpected = actual.filter((name) => !wanted.includes(name));
      const ok = missing.length === 0 && (kwargs['exact_match'] === false || unexpected.length === 0);
      return {
        immediate: {
          observation: { shape: 'table', met: ok },
          observed: null,
          detail: { observed_value: actual, missing, unexpected },
        },
      };
    }
    case 'expect_table_columns_to_match_ordered_list': {
      const actual = resolver.columns.map((c) => c.name);
      const wanted = kwargs['column_list'] as string[];
      const ok = actual.length === wanted.length && actual.every((name, index) => name === wanted[index]);
      return {
        immediate: {
          observation: { shape: 'table', met: ok },
          observed: null,
          detail: { observed_value: actual },
        },
      };
    }
    case 'expect_column_min_to_be_between':
    case 'expect_column_max_to_be_between': {
      const name = columnOf(resolver, kwargs['column']);
      const c = q(name);
      // NaN is left out (the dialects order it above every number); the infinities stay in.
      const nan = floating(resolver, name) ? nanTest(dialect, resolver, name, c) : null;
      const operand = nan === null ? c : `CASE WHEN ${nan} THEN NULL ELSE ${c} END`;
      const nanCount = nan === null ? null : builder.aggregate(dialect.countIf(nan));
      const statistic =
        config.expectation_type === 'expect_column_min_to_be_between' ? `min(${operand})` : `max(${operand})`;
      // Compared in SQL: bounds may be dates or text, which the datasource orders by its own types.
      const within = builder.aggregate(
        `CASE WHEN ${statistic} IS NULL THEN NULL WHEN ${outsideBoundsSql(builder, statistic, kwargs)} THEN 0 ELSE 1 END`,
      );
      const text = builder.aggregate(dialect.text(statistic));
      return {
        read: (row) => {
          const observedText = statisticText(textOf(row[text]));
          const observed = observedText === null ? null : floatOf(observedText);
          return met(
            numberOf(row[within]) === 1,
            observed !== null && Number.isFinite(observed) ? observed : null,
            {
              observed_value: observedText,
              ...(nanCount === null ? {} : { nan_count: numberOf(row[nanCount]) ?? 0 }),
            },
          );
        },
      };
    }
    case 'expect_column_mean_to_be_between':
    case 'expect_column_median_to_be_between':
    case 'expect_column_sum_to_be_between':
    case 'expect_column_stdev_to_be_between': {
      const name = columnOf(resolver, kwargs['column']);
      const c = q(name);
      const number = dialect.double(c);
      // NaN is left out of every statistic (docs/checks.md, "NaN and infinities"); the infinities
      // stay in, except that a standard deviation over one is undefined: NaN, on every dialect
      // (DuckDB would raise), so it is computed over the finite values and overridden.
      const nan = floating(resolver, name) ? nanTest(dialect, resolver, name, c) : null;
      const infinite = floating(resolver, name) ? dialect.isInfinite(number) : null;
      const without = (value: string, predicate: string | null): string =>
        predicate === null ? value : `CASE WHEN ${predicate} THEN NULL ELSE ${value} END`;
      const expression = {
        expect_column_mean_to_be_between: `avg(${without(number, nan)})`,
        expect_column_median_to_be_between: dialect.median(without(number, nan)),
        expect_column_sum_to_be_between: `sum(${without(c, nan)})`,
        expect_column_stdev_to_be_between: `stddev_samp(${without(number, nan === null ? null : `${nan} OR ${infinite}`)})`,
      }[config.expectation_type];
      const alias = builder.aggregate(expression);
      const nanCount = nan === null ? null : builder.aggregate(dialect.countIf(nan));
      const infiniteCount =
        infinite !== null && config.expectation_type === 'expect_column_stdev_to_be_between'
          ? builder.aggregate(dialect.countIf(infinite))
          : null;
      return {
        read: (row) => {
          const undefinedOverInfinity = infiniteCount !== null && (numberOf(row[infiniteCount]) ?? 0) > 0;
          const value = undefinedOverInfinity ? Number.NaN : floatOf(row[alias]);
          return met(inRange(value, kwargs), value !== null && Number.isFinite(value) ? value : null, {
            observed_value: jsonFloat(value),
            ...(nanCount === null ? {} : { nan_count: numberOf(row[nanCount]) ?? 0 }),
          });
        },
      };
    }
    case 'expect_column_unique_value_count_to_be_between':
    case 'expect_column_proportion_of_unique_values_to_be_between': {
      const c = column();
      const distinct = builder.aggregate(`count(DISTINCT ${c})`);
      const nonNull = builder.aggregate(`count(${c})`);
      const proportion =
        config.expectation_type === 'expect_column_proportion_of_unique_values_to_be_between';
      return {
        read: (row) => {
          const distinctCount = numberOf(row[distinct]) ?? 0;
          const counted = numberOf(row[nonNull]) ?? 0;
          const value = proportion ? (counted === 0 ? null : distinctCount / counted) : distinctCount;
          return met(inRange(value, kwargs), value, { observed_value: value, distinct_count: distinctCount });
        },
      };
    }
    case 'expect_column_distinct_values_to_be_in_set':
    case 'expect_column_distinct_values_to_contain_set':
    case 'expect_column_distinct_values_to_equal_set': {
      const c = column();
      const values = kwargs['value_set'] as SqlValue[];
      // Counts of distinct values outside and inside the set: nothing unbounded comes back.
      const outside = builder.aggregate(
        `count(DISTINCT CASE WHEN ${c} IS NOT NULL AND ${c} NOT IN (${valueList(builder, values)}) THEN ${c} END)`,
      );
      const insideOf = distinctInsideSet(builder, c, values, outside);
      const wanted = new Set(values.map((value) => String(value))).size;
      return {
        read: (row) => {
          const outsideCount = numberOf(row[outside]) ?? 0;
          const insideCount = insideOf(row);
          const ok = {
            expect_column_distinct_values_to_be_in_set: outsideCount === 0,
            expect_column_distinct_values_to_contain_set: insideCount === wanted,
            expect_column_distinct_values_to_equal_set: outsideCount === 0 && insideCount === wanted,
          }[config.expectation_type as 'expect_column_distinct_values_to_be_in_set'];
          return met(ok, outsideCount, {
            distinct_values_outside_set: outsideCount,
            set_values_present: insideCount,
            set_size: wanted,
          });
        },
      };
    }
    case 'expect_column_most_common_value_to_be_in_set': {
      const name = columnOf(resolver, kwargs['column']);
      const c = q(name);
      // The mode is a statistic too: NaN is left out (DuckDB does not even group NaNs read from
      // different sources as one value), an infinite mode is spelled one way.
      const nan = floating(resolver, name) ? nanTest(dialect, resolver, name, c) : null;
      const operand = nan === null ? c : `CASE WHEN ${nan} THEN NULL ELSE ${c} END`;
      const mode = builder.aggregate(dialect.text(dialect.mode(operand)));
      const nanCount = nan === null ? null : builder.aggregate(dialect.countIf(nan));
      const values = new Set((kwargs['value_set'] as SqlValue[]).map((value) => String(value)));
      return {
        read: (row) => {
          const observed = nan === null ? textOf(row[mode]) : statisticText(textOf(row[mode]));
          return met(observed !== null && values.has(normaliseScalarText(observed)), null, {
            observed_value: observed,
            ...(nanCount === null ? {} : { nan_count: numberOf(row[nanCount]) ?? 0 }),
          });
        },
      };
    }
    case 'null_count':
    case 'null_percent':
    case 'duplicate_count':
    case 'unique_count': {
      // The warehouse's own metric functions run through `compileNativeMetric`; this is the same
      // metric in standard SQL, for dry-runs and for warehouses without them.
      const c = column();
      const rows = builder.aggregate('count(*)');
      const nonNull = builder.aggregate(`count(${c})`);
      const distinct = builder.aggregate(`count(DISTINCT ${c})`);
      const window = config.expectation_type === 'duplicate_count' ? builder.windowCount([c]) : null;
      const duplicated =
        window === null ? null : builder.aggregate(dialect.countIf(`${c} IS NOT NULL AND ${window} > 1`));
      return {
        read: (row) => {
          const element = numberOf(row[rows]) ?? 0;
          const counted = numberOf(row[nonNull]) ?? 0;
          const value = {
            null_count: element - counted,
            null_percent: element === 0 ? 0 : (100 * (element - counted)) / element,
            duplicate_count: duplicated === null ? 0 : (numberOf(row[duplicated]) ?? 0),
            unique_count: numberOf(row[distinct]) ?? 0,
          }[config.expectation_type as 'null_count'];
          return met(inRange(value, kwargs), value, { observed_value: value });
        },
      };
    }
    default:
      throw new ExpectationCompileError({
        reason: 'not_comparable',
        message: `The expectation ${config.expectation_type} cannot be compiled`,
      });
  }
}

/** Drivers print numbers their way: `1.0` and `1` are the same value of a set. */
function normaliseScalarText(text: string): string {
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) ? String(number) : text;
}

const TYPE_ALIASES: Readonly<Record<string, string>> = {
  int: 'integer',
  int4: 'integer',
  int8: 'bigint',
  int2: 'smallint',
  long: 'bigint',
  float8: 'double',
  'double precision': 'double',
  float: 'double',
  float4: 'real',
  bool: 'boolean',
  varchar: 'text',
  string: 'text',
  'character varying': 'text',
  character: 'text',
  char: 'text',
  number: 'numeric',
  decimal: 'numeric',
  timestamptz: 'timestamp with time zone',
  timestamp_tz: 'timestamp with time zone',
  timestamp_ntz: 'timestamp',
  'timestamp without time zone': 'timestamp',
};

/** Type names compare case-insensitively, parameters dropped, through the dialects' aliases. */
export function sameTypeName(actual: string, wanted: string): boolean {
  const canonical = (name: string): string => {
    const bare = name
      .trim()
      .toLowerCase()
      .replace(/\(.*\)$/, '')
      .trim();
    return TYPE_ALIASES[bare] ?? bare;
  };
  return canonical(actual) === canonical(wanted);
}
