import * as fs from 'node:fs';
import * as path from 'node:path';
import { type CallOptions, type ScanSession } from '../src/adapter/datasource-adapter';
import { type DuckDbEngine, sqlString } from '../src/flat-files/duckdb-engine';

/** The rows of each statement over one scan, in order. */
export async function rowsOfEach(scan: ScanSession, statements: readonly string[]): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (const sql of statements) rows.push((await scan.query(sql, 100_000)).rows);
  return rows;
}

/** The rows of each statement over a local Parquet file read whole, as a full download reads it. */
export async function wholeParquetRows(
  engine: DuckDbEngine,
  file: string,
  statements: readonly string[],
  call: CallOptions,
): Promise<unknown[]> {
  const directory = await engine.createCallDirectory();
  try {
    const copy = path.join(directory, 'whole.parquet');
    fs.copyFileSync(file, copy);
    return await engine.withView(
      `SELECT * FROM read_parquet([${sqlString(copy)}], union_by_name = true)`,
      call,
      (scan) => rowsOfEach(scan, statements),
    );
  } finally {
    await engine.removeCallDirectory(directory);
  }
}
