/** A timestamp as Databricks returns it (a Date from Arrow, `yyyy-MM-dd HH:mm:ss[.SSS]` UTC text otherwise). */
export function lakehouseTimestamp(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim().replace(' ', 'T');
  const parsed = new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString();
}

/** The row count of `DESCRIBE TABLE EXTENDED`'s `Statistics` line (`N bytes, M rows`), if analyzed. */
export function statisticsRowCount(rows: Record<string, unknown>[]): number | null {
  const statistics = rows.find((row) => String(row['col_name']).trim() === 'Statistics');
  const detail = statistics?.['data_type'];
  const match = typeof detail === 'string' ? /(\d+)\s+rows/.exec(detail) : null;
  return match ? Number(match[1]) : null;
}
