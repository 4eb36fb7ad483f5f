import {
  type CursorValueType,
  LIST_DEFAULT_LIMIT,
  type ListPageQuery,
  decodeListCursor,
  encodeListCursor,
} from '@dq/contracts';

/** One column of a list's sort order, as SQL over the statement's own aliases. */
export interface KeysetColumn {
  sql: string;
  type: CursorValueType;
}

/**
 * How a list is ordered: its columns (the last one unique, so the order is total) all in one
 * direction, and the scope its cursors carry so that another list's cursor is refused.
 */
export interface KeysetOrder {
  scope: string;
  direction: 'ASC' | 'DESC';
  columns: readonly KeysetColumn[];
}

/** Positional parameters of one statement: `add` returns the placeholder of the value it adds. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const CAST: Record<CursorValueType, string> = {
  text: 'text',
  uuid: 'uuid',
  timestamp: 'timestamptz',
  integer: 'bigint',
};

/** A key as the exact text its cursor carries (a timestamp to the microsecond, in UTC). */
function keyText(column: KeysetColumn): string {
  if (column.type === 'timestamp')
    return `to_char(${column.sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return `(${column.sql})::text`;
}

/** A page's rows and the cursor of the page after it (null on the last page). */
export interface KeysetPageResult<R> {
  rows: R[];
  next_cursor: string | null;
}

/**
 * Keyset paging for one list statement, as `GET /runs` pages: rows after the cursor's keyset in a
 * total order, one row more than the page read to learn whether another page follows. A row added
 * or removed between two pages neither repeats nor hides another row.
 */
export class KeysetPage {
  readonly limit: number;
  private readonly after: string[] | null;

  constructor(
    private readonly order: KeysetOrder,
    query: ListPageQuery,
    defaultLimit = LIST_DEFAULT_LIMIT,
  ) {
    this.limit = query.limit ?? defaultLimit;
    this.after =
      query.cursor === undefined
        ? null
        : decodeListCursor(
            query.cursor,
            order.scope,
            order.columns.map((column) => column.type),
          );
  }

  /** The condition "after the cursor" (null on the first page), its values added to `params`. */
  condition(params: SqlParams): string | null {
    if (this.after === null) return null;
    const after = this.after;
    const columns = this.order.columns.map((column) => column.sql).join(', ');
    const values = this.order.columns
      .map((column, index) => `${params.add(after[index])}::${CAST[column.type]}`)
      .join(', ');
    return `(${columns}) ${this.order.direction === 'ASC' ? '>' : '<'} (${values})`;
  }

  /** Select-list items naming each key as the cursor will carry it (`dq_key_0`, ...). */
  keyColumns(): string {
    return this.order.columns.map((column, index) => `${keyText(column)} AS "dq_key_${index}"`).join(', ');
  }

  /** `ORDER BY ... LIMIT`: the page and one row more. */
  orderAndLimit(): string {
    const by = this.order.columns.map((column) => `${column.sql} ${this.order.direction}`).join(', ');
    return `ORDER BY ${by} LIMIT ${this.limit + 1}`;
  }

  /** The page of `rows` (read in order with `keyColumns`) and the cursor after it. */
  page<R extends Record<string, unknown>>(rows: readonly R[]): KeysetPageResult<R> {
    const page = rows.slice(0, this.limit);
    const last = page.at(-1);
    if (rows.length <= this.limit || last === undefined) return { rows: page, next_cursor: null };
    const keys = this.order.columns.map((_column, index) => String(last[`dq_key_${index}`]));
    return { rows: page, next_cursor: encodeListCursor(this.order.scope, keys) };
  }
}

/** An `ILIKE` pattern matching any text that contains `part` literally (`%`, `_`, `\` escaped). */
export function containsPattern(part: string): string {
  return `%${part.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
