import { type ConnectionKind } from '@dq/contracts';

/** The SQL dialects checks compile to: one per SQL datasource, and DuckDB for files and Iceberg. */
export type DialectName = 'postgres' | 'duckdb' | 'snowflake' | 'databricks';

export type SqlValue = string | number | boolean;

// Marks a bound value in statement text until `finalize` numbers placeholders in text order.
const TOKEN = /\u0001(\d+)\u0001/g;

/**
 * Collects a statement's bound values. While a statement is assembled, a value stands as a token;
 * `finalize` turns tokens into the dialect's placeholders in the order they appear in the final
 * text (what `?` dialects need) and orders the values alike. DuckDB scans take literals instead.
 */
export class SqlParams {
  private readonly collected: SqlValue[] = [];

  constructor(private readonly dialect: SqlDialect) {}

  add(value: SqlValue): string {
    if (this.dialect.inlineValues) return inlineLiteral(value);
    this.collected.push(value);
    return `\u0001${this.collected.length - 1}\u0001`;
  }

  finalize(text: string): { sql: string; params: SqlValue[] } {
    const params: SqlValue[] = [];
    const sql = text.replace(TOKEN, (_token, index: string) => {
      params.push(this.collected[Number(index)]);
      return this.dialect.placeholder(params.length);
    });
    return { sql, params };
  }
}

/** What a check needs of a dialect: quoting, binding, and the functions whose spelling differs. */
export interface SqlDialect {
  readonly name: DialectName;
  quoteIdentifier(name: string): string;
  /** `table`, `schema.table` or `db.schema.table` (parts already quoted are kept). */
  relation(target: string): string;
  /** DuckDB scans take no bound parameters: values are inlined as checked literals. */
  readonly inlineValues: boolean;
  /** The placeholder of the n-th (1-based) bound value. */
  placeholder(position: number): string;
  /** `expression` as text (for regexes and lengths over any column type). */
  text(expression: string): string;
  /** True when `pattern` matches anywhere in `textExpression` (Python's `re.search`, as GE). */
  regexMatches(textExpression: string, pattern: string): string;
  charLength(textExpression: string): string;
  countIf(predicate: string): string;
  median(expression: string): string;
  mode(expression: string): string;
  /** Seconds since the epoch of a timestamp or date expression, as a number. */
  epochSeconds(expression: string): string;
  /** A number as double precision (averages of integers, etc.). */
  double(expression: string): string;
  /** True when a double expression is NaN (every dialect here holds NaN equal to itself). */
  isNaN(doubleExpression: string): string;
  /** True when a double expression is +Infinity or -Infinity. */
  isInfinite(doubleExpression: string): string;
  /**
   * True when a column of the given type holds NaN, tested without a cast where the type holds NaN
   * itself: a cast to double on every row costs more than the scan's other work.
   */
  isNaNValue(column: string, columnType: string): string;
}

function quoteWith(quote: string) {
  return (name: string): string => `${quote}${name.split(quote).join(quote + quote)}${quote}`;
}

/**
 * Splits `a.b.c` on dots outside quotes; a part already quoted ("x" or `x`) is kept as written,
 * a bare part is quoted exactly as given (so case is preserved: Snowflake users write the stored
 * upper-case name, as they see it in the information schema).
 */
function relationParts(target: string): { text: string; quoted: boolean }[] {
  const parts: { text: string; quoted: boolean }[] = [];
  let current = '';
  let quote: string | null = null;
  let quoted = false;
  for (let index = 0; index < target.length; index += 1) {
    const char = target[index];
    if (quote !== null) {
      current += char;
      if (char === quote) {
        if (target[index + 1] === quote) {
          current += quote;
          index += 1;
        } else quote = null;
      }
    } else if (char === '"' || char === '`') {
      quote = char;
      quoted = true;
      current += char;
    } else if (char === '.') {
      parts.push({ text: current, quoted });
      current = '';
      quoted = false;
    } else current += char;
  }
  parts.push({ text: current, quoted });
  return parts;
}

function unquote(part: string): string {
  const quote = part[0];
  return part
    .slice(1, -1)
    .split(quote + quote)
    .join(quote);
}

function makeRelation(quoteIdentifier: (name: string) => string) {
  return (target: string): string =>
    relationParts(target)
      .map((part) => quoteIdentifier(part.quoted ? unquote(part.text) : part.text))
      .join('.');
}

function sqlStringLiteral(value: string): string {
  return `'${value.split("'").join("''")}'`;
}

/** Inlines a value as a literal: DuckDB scans take no bound parameters. Only safe shapes pass. */
function inlineLiteral(value: SqlValue): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError('only finite numbers can be compared');
    return String(value);
  }
  return sqlStringLiteral(value);
}

const positional = (position: number): string => `$${position}`;
const questionMark = (): string => '?';

const doubleQuoted = quoteWith('"');
const backticked = quoteWith('`');

export const POSTGRES: SqlDialect = {
  name: 'postgres',
  quoteIdentifier: doubleQuoted,
  relation: makeRelation(doubleQuoted),
  inlineValues: false,
  placeholder: positional,
  text: (expression) => `(${expression})::text`,
  regexMatches: (text, pattern) => `(${text} ~ ${pattern})`,
  charLength: (text) => `char_length(${text})`,
  countIf: (predicate) => `count(*) FILTER (WHERE ${predicate})`,
  median: (expression) => `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${expression})`,
  mode: (expression) => `mode() WITHIN GROUP (ORDER BY ${expression})`,
  epochSeconds: (expression) => `extract(epoch FROM ${expression})::double precision`,
  double: (expression) => `(${expression})::double precision`,
  isNaN: (expression) => `(${expression} = 'NaN'::double precision)`,
  isInfinite: (expression) =>
    `(${expression} IN ('Infinity'::double precision, '-Infinity'::double precision))`,
  isNaNValue: (column, columnType) =>
    /^\s*(numeric|decimal)\b/i.test(columnType)
      ? `(${column} = 'NaN'::numeric)`
      : `((${column})::double precision = 'NaN'::double precision)`,
};

export const DUCKDB: SqlDialect = {
  name: 'duckdb',
  quoteIdentifier: doubleQuoted,
  // A scan always reads the view `target`, whatever the suite's target string is.
  relation: () => 'target',
  inlineValues: true,
  placeholder: () => {
    throw new Error('DuckDB scans inline their values');
  },
  text: (expression) => `CAST(${expression} AS VARCHAR)`,
  regexMatches: (text, pattern) => `regexp_matches(${text}, ${pattern})`,
  charLength: (text) => `length(${text})`,
  countIf: (predicate) => `count(*) FILTER (WHERE ${predicate})`,
  median: (expression) => `quantile_cont(${expression}, 0.5)`,
  mode: (expression) => `mode(${expression})`,
  epochSeconds: (expression) => `epoch(CAST(${expression} AS TIMESTAMPTZ))`,
  double: (expression) => `CAST(${expression} AS DOUBLE)`,
  isNaN: (expression) => `isnan(${expression})`,
  isInfinite: (expression) => `isinf(${expression})`,
  isNaNValue: (column) => `isnan(CAST(${column} AS DOUBLE))`,
};

export const SNOWFLAKE: SqlDialect = {
  name: 'snowflake',
  quoteIdentifier: doubleQuoted,
  relation: makeRelation(doubleQuoted),
  inlineValues: false,
  placeholder: questionMark,
  text: (expression) => `TO_VARCHAR(${expression})`,
  // REGEXP_LIKE is anchored at both ends; REGEXP_INSTR finds a match anywhere, as GE does.
  regexMatches: (text, pattern) => `(REGEXP_INSTR(${text}, ${pattern}) > 0)`,
  charLength: (text) => `LENGTH(${text})`,
  countIf: (predicate) => `COUNT_IF(${predicate})`,
  median: (expression) => `MEDIAN(${expression})`,
  mode: (expression) => `MODE(${expression})`,
  epochSeconds: (expression) => `DATE_PART(epoch_second, ${expression})`,
  double: (expression) => `(${expression})::DOUBLE`,
  isNaN: (expression) => `(${expression} = 'NaN'::FLOAT)`,
  isInfinite: (expression) => `(${expression} IN ('inf'::FLOAT, '-inf'::FLOAT))`,
  isNaNValue: (column) => `((${column})::DOUBLE = 'NaN'::FLOAT)`,
};

export const DATABRICKS: SqlDialect = {
  name: 'databricks',
  quoteIdentifier: backticked,
  relation: makeRelation(backticked),
  inlineValues: false,
  placeholder: questionMark,
  text: (expression) => `CAST(${expression} AS STRING)`,
  regexMatches: (text, pattern) => `(${text} RLIKE ${pattern})`,
  charLength: (text) => `char_length(${text})`,
  countIf: (predicate) => `count_if(${predicate})`,
  // The ANSI ordered-set form: Databricks SQL has it, and so does the DuckDB behind the L peer.
  median: (expression) => `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${expression})`,
  mode: (expression) => `mode(${expression})`,
  epochSeconds: (expression) => `CAST(unix_timestamp(${expression}) AS DOUBLE)`,
  double: (expression) => `CAST(${expression} AS DOUBLE)`,
  isNaN: (expression) => `isnan(${expression})`,
  isInfinite: (expression) => `(${expression} IN (CAST('Infinity' AS DOUBLE), CAST('-Infinity' AS DOUBLE)))`,
  isNaNValue: (column) => `isnan(CAST(${column} AS DOUBLE))`,
};

const BY_NAME: Readonly<Record<DialectName, SqlDialect>> = {
  postgres: POSTGRES,
  duckdb: DUCKDB,
  snowflake: SNOWFLAKE,
  databricks: DATABRICKS,
};

export function sqlDialect(name: DialectName): SqlDialect {
  return BY_NAME[name];
}

/** The dialect checks compile to for a datasource kind; null for kinds that hold no data. */
export function dialectForKind(kind: ConnectionKind): SqlDialect | null {
  switch (kind) {
    case 'postgres':
      return POSTGRES;
    case 'warehouse':
      return SNOWFLAKE;
    case 'lakehouse':
      return DATABRICKS;
    case 'file_store':
    case 'object_store':
    case 'iceberg_catalog':
      return DUCKDB;
    default:
      return null;
  }
}
