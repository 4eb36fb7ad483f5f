import { FusedScanBuilder, numberOf, type SqlStatement, statisticText, textOf } from './fused-scan';
import { type IntrospectedColumn } from './expectation-sql';
import { type SqlDialect } from './sql-dialect';

/** Columns profiled at most in one call: a profile is an authoring aid, not a full scan of a wide table. */
export const PROFILE_MAX_COLUMNS = 200;
export const PROFILE_MAX_TOP_VALUES = 20;

// Types without equality in some dialect (or not worth grouping): nulls only.
const NO_EQUALITY_TYPE =
  /\b(json|xml|array|struct|map|list|variant|object|blob|geometry|geography|union|xid|xid8|cid|tid|point|polygon)\b|\[\]|^_/i;
// min/max only for types every dialect orders: numbers, text and time (not booleans: PostgreSQL
// has no min(boolean); not uuids, binaries or network types).
// Floating types hold NaN, which min and max leave out as the statistics checks do.
const FLOATING_TYPE = /float|double|real|numeric|decimal|number/i;
const ORDERED_TYPE =
  /^((tiny|small|medium|big|huge)?int(eger)?\d*|int[248]|long|short|byte|decimal|numeric|number|dec|real|float\d*|double|money|text|string|varchar|char|character|nvarchar|nchar|bpchar|name|"char"|date|time|timestamp|timestamptz|datetime|interval)\b/i;

export interface ColumnStatistics {
  name: string;
  type: string;
  null_count: number;
  distinct_count: number | null;
  min: string | null;
  max: string | null;
}

export interface ProfilePlan {
  /** One fused statement: row count and, per column, nulls, distinct count, min and max. */
  statistics: SqlStatement;
  readStatistics(row: Record<string, unknown>): { row_count: number; columns: ColumnStatistics[] };
  /**
   * The most frequent values of every orderable column in one statement (a UNION ALL of one
   * grouped read per column), or null when `topValues` is 0 or no column qualifies.
   */
  topValues: SqlStatement | null;
  readTopValues(rows: Record<string, unknown>[]): Map<string, { value: string | null; count: number }[]>;
}

/** The column profiler's statements for a target's columns (null, distinct, min, max, top values). */
export function compileProfile(
  dialect: SqlDialect,
  target: string,
  columns: readonly IntrospectedColumn[],
  topValues: number,
): ProfilePlan {
  if (!Number.isInteger(topValues) || topValues < 0 || topValues > PROFILE_MAX_TOP_VALUES)
    throw new RangeError(`topValues must be an integer from 0 to ${PROFILE_MAX_TOP_VALUES}`);
  const profiled = columns.slice(0, PROFILE_MAX_COLUMNS);
  const relation = dialect.relation(target);
  const builder = new FusedScanBuilder(dialect, relation);
  const rows = builder.aggregate('count(*)');
  const perColumn = profiled.map((column) => {
    const q = dialect.quoteIdentifier(column.name);
    const comparable = !NO_EQUALITY_TYPE.test(column.type.trim());
    const ordered = comparable && ORDERED_TYPE.test(column.type.trim());
    const operand = FLOATING_TYPE.test(column.type)
      ? `CASE WHEN ${dialect.isNaNValue(q, column.type)} THEN NULL ELSE ${q} END`
      : q;
    return {
      column,
      ordered: comparable,
      nonNull: builder.aggregate(`count(${q})`),
      distinct: comparable ? builder.aggregate(`count(DISTINCT ${q})`) : null,
      min: ordered ? builder.aggregate(dialect.text(`min(${operand})`)) : null,
      max: ordered ? builder.aggregate(dialect.text(`max(${operand})`)) : null,
    };
  });

  const topColumns = perColumn.filter((entry) => entry.ordered);
  let topStatement: SqlStatement | null = null;
  if (topValues > 0 && topColumns.length > 0) {
    const reads = topColumns.map(({ column }, index) => {
      const q = dialect.quoteIdentifier(column.name);
      const alias = (name: string) => dialect.quoteIdentifier(name);
      return `SELECT * FROM (SELECT ${index} AS ${alias('dq_column')}, ${dialect.text(q)} AS ${alias('dq_value')}, count(*) AS ${alias('dq_count')} FROM ${relation} WHERE ${q} IS NOT NULL GROUP BY ${q} ORDER BY ${alias('dq_count')} DESC, ${alias('dq_value')} LIMIT ${topValues}) AS dq_top_${index}`;
    });
    topStatement = { sql: reads.join(' UNION ALL '), params: [] };
  }

  return {
    statistics: builder.build(),
    readStatistics: (row) => {
      const rowCount = numberOf(row[rows]) ?? 0;
      return {
        row_count: rowCount,
        columns: perColumn.map((entry) => ({
          name: entry.column.name,
          type: entry.column.type,
          null_count: rowCount - (numberOf(row[entry.nonNull]) ?? 0),
          distinct_count: entry.distinct === null ? null : numberOf(row[entry.distinct]),
          min: entry.min === null ? null : statisticText(textOf(row[entry.min])),
          max: entry.max === null ? null : statisticText(textOf(row[entry.max])),
        })),
      };
    },
    topValues: topStatement,
    readTopValues: (resultRows) => {
      const byColumn = new Map<string, { value: string | null; count: number }[]>();
      for (const row of resultRows) {
        const entry = topColumns[numberOf(row['dq_column']) ?? -1];
        if (!entry) continue;
        const list = byColumn.get(entry.column.name) ?? [];
        const text = textOf(row['dq_value']);
        const value = FLOATING_TYPE.test(entry.column.type) ? statisticText(text) : text;
        list.push({ value, count: numberOf(row['dq_count']) ?? 0 });
        byColumn.set(entry.column.name, list);
      }
      for (const list of byColumn.values()) list.sort((a, b) => b.count - a.count);
      return byColumn;
    },
  };
}
