import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const ROWS = 5_000_000;

/**
 * The memory bound: a CSV far larger than DuckDB's memory limit is scanned (spooled to disk,
 * streamed by DuckDB) in a child process whose memory grows by far less than the file size. The
 * file is ~400 MB: DuckDB with memory_limit 128MB grows a process by ~150-200 MB whatever the file
 * size (its limit plus CSV buffers and allocator slack), so a smaller file would not show the bound.
 */
describe('FlatFileReader memory bound', () => {
  let root: string;
  let fileSize: number;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-flat-memory-'));
    fs.mkdirSync(path.join(root, 'data'));
    fs.mkdirSync(path.join(root, 'spool'));
    const generator = await DuckDBInstance.create(':memory:', { threads: '1' });
    const connection = await generator.connect();
    await connection.run(
      `COPY (SELECT range AS id, 'category_' || (range % 50) AS category, round(random() * 1000, 2) AS amount,
          TIMESTAMP '2024-01-01' + to_seconds(range) AS ts, md5(range::VARCHAR) AS text
        FROM range(${ROWS})) TO '${path.join(root, 'data/big.csv')}' (FORMAT csv, HEADER)`,
    );
    connection.closeSync();
    generator.closeSync();
    fileSize = fs.statSync(path.join(root, 'data/big.csv')).size;
  }, 120_000);

  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('scans a ~400 MB CSV with memory_limit 128MB in far less memory than the file', async () => {
    expect(fileSize).toBeGreaterThan(360 * 1024 * 1024);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '-r',
        './tools/register.cjs',
        path.join(__dirname, 'read-in-child.ts'),
        path.join(root, 'data'),
        'big.csv',
        'SELECT count(*) AS n, count(DISTINCT category) AS categories, max(id) AS last FROM target',
        '128',
        path.join(root, 'spool'),
      ],
      { cwd: REPO_ROOT, maxBuffer: 1024 * 1024 },
    );
    const report = JSON.parse(stdout) as { rows: unknown[]; baselineRssBytes: number; maxRssBytes: number };
    expect(report.rows).toEqual([{ n: ROWS, categories: 50, last: ROWS - 1 }]);
    expect(report.maxRssBytes - report.baselineRssBytes).toBeLessThan(0.6 * fileSize);
    expect(report.maxRssBytes).toBeLessThan(0.6 * fileSize + 250 * 1024 * 1024);
    // The spool of the child is gone with it: the per-call directory and the engine's own.
    expect(fs.readdirSync(path.join(root, 'spool'))).toEqual([]);
  }, 180_000);
});
