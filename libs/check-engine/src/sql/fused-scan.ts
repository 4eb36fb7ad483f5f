import { type SqlDialect, SqlParams } from './sql-dialect';

/** One statement with its bound values (DuckDB: values inlined, `params` empty). */
export interface SqlStatement {
  sql: string;
  params: (string | number | boolean)[];
}

/** Failing rows a sample shows at most, unless the planner is told otherwise (docs/decisions/0019). */
export const FAILING_SAMPLE_ROWS = 20;

/**
 * Builds the one aggregate statement over a (target, filter): every check adds the aggregates it
 * needs, equal expressions are computed once, and per-row window counts (uniqueness) come from one
 * inner select, so the target is read once whatever the number of checks.
 */
export class FusedScanBuilder {
  readonly params: SqlParams;
  private readonly aggregates = new Map<string, string>();
  private readonly windows = new Map<string, string>();
  private filterSql = 'TRUE';

  constructor(
    readonly dialect: SqlDialect,
    private readonly relation: string,
    /** The rows a failing sample will read at most: what a captured sample key must be able to fill. */
    readonly sampleRows: number = FAILING_SAMPLE_ROWS,
  ) {
    this.params = new SqlParams(dialect);
  }

  /** The filter's SQL, built with this builder's `params`. */
  setFilter(filterSql: string): void {
    this.filterSql = filterSql;
  }

  /** Adds (or reuses) an aggregate expression; returns the output column it lands in. */
  aggregate(expression: string): string {
    let alias = this.aggregates.get(expression);
    if (alias === undefined) {
      alias = `m${this.aggregates.size}`;
      this.aggregates.set(expression, alias);
    }
    return alias;
  }

  /** A per-row count of the rows sharing these (quoted) columns' values; returns its column name. */
  windowCount(quotedColumns: readonly string[]): string {
    const key = quotedColumns.join(', ');
    let alias = this.windows.get(key);
    if (alias === undefined) {
      alias = `__dq_w${this.windows.size}`;
      this.windows.set(key, alias);
    }
    return this.dialect.quoteIdentifier(alias);
  }

  /**
   * Rows whose (quoted) columns' values occur more than once among the filtered rows, as a semi-join
   * on a grouped read: what a uniqueness sample needs, without sorting the whole target the way a
   * window does. NULLs never match here (a sample shows examples, the count comes from the window).
   */
  duplicatesOf(quotedColumns: readonly string[]): string {
    const list = quotedColumns.join(', ');
    const present = quotedColumns.map((column) => `${column} IS NOT NULL`).join(' AND ');
    return `(${list}) IN (SELECT ${list} FROM ${this.relation} WHERE ${this.filterSql} AND ${present} GROUP BY ${list} HAVING count(*) > 1)`;
  }

  get isEmpty(): boolean {
    return this.aggregates.size === 0;
  }

  build(): SqlStatement {
    // Quoted: Snowflake would fold a bare alias to upper case, and results are read by these names.
    const select = [...this.aggregates]
      .map(([expression, alias]) => `${expression} AS ${this.dialect.quoteIdentifier(alias)}`)
      .join(', ');
    return this.params.finalize(`SELECT ${select} FROM ${this.source()}`);
  }

  /**
   * The rows (all columns) where `predicate` holds, at most `limit`: a failing sample. Window
   * columns it needed come along named `__dq_w<n>`; `stripHelperColumns` drops them.
   */
  buildRows(predicate: string, limit: number): SqlStatement {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError('limit must be a non-negative integer');
    const where = this.windows.size === 0 ? `${this.filterSql} AND (${predicate})` : predicate;
    const source =
      this.windows.size === 0 ? `${this.relation} WHERE ${where}` : `${this.source()} WHERE ${where}`;
    return this.params.finalize(`SELECT * FROM ${source} LIMIT ${limit}`);
  }

  private source(): string {
    if (this.windows.size === 0) return `${this.relation} WHERE ${this.filterSql}`;
    const windows = [...this.windows]
      .map(
        ([partition, alias]) =>
          `count(*) OVER (PARTITION BY ${partition}) AS ${this.dialect.quoteIdentifier(alias)}`,
      )
      .join(', ');
    return `(SELECT *, ${windows} FROM ${this.relation} WHERE ${this.filterSql}) AS dq_rows`;
  }
}

/** A number out of a result cell (drivers hand big integers and decimals over as strings). */
export function numberOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  const parsed = Number(value);
  return Number.isNaN(parsed) ? null : parsed;
}

const NON_FINITE: Readonly<Record<string, number>> = {
  nan: Number.NaN,
  inf: Infinity,
  '+inf': Infinity,
  infinity: Infinity,
  '+infinity': Infinity,
  '-inf': -Infinity,
  '-infinity': -Infinity,
};

/**
 * A floating-point statistic out of a result cell: like `numberOf`, but NaN and the infinities
 * survive, whichever way the driver spells them (`NaN`, `nan`, `Infinity`, `inf`, `-inf`).
 */
export function floatOf(value: unknown): number | null {
  if (typeof value === 'string') {
    const special = NON_FINITE[value.trim().toLowerCase()];
    if (special !== undefined) return special;
  }
  if (typeof value === 'number') return value;
  return numberOf(value);
}

/** A statistic as JSON can hold it: finite numbers as numbers, the others as `NaN`/`Infinity` text. */
export function jsonFloat(value: number | null): number | string | null {
  if (value === null || Number.isFinite(value)) return value;
  return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
}

/** A statistic's text, NaN and the infinities spelled one way (`NaN`, `Infinity`, `-Infinity`). */
export function statisticText(text: string | null): string | null {
  const value = text === null ? null : floatOf(text);
  return value !== null && !Number.isFinite(value) ? String(jsonFloat(value)) : text;
}

/** A sample row without the helper columns a window added. */
export function stripHelperColumns(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([name]) => !name.startsWith('__dq_')));
}

/** A result cell as text (null stays null): what a sample, a profile or an observed value shows. */
export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}
