import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DatasourceError } from '../adapter/datasource-adapter';
import { DuckDbEngine, sqlString, stripPaths } from './duckdb-engine';

const CALL = { timeoutMs: 10_000 };

describe('stripPaths', () => {
  it('removes spooled and other absolute paths, keeps the rest of the message', () => {
    const workDir = '/var/spool/dq-duckdb-a1';
    expect(stripPaths(`IO Error: No files found that match "${workDir}/call-x/0000.csv"`, workDir)).toBe(
      'IO Error: No files found that match "<file>"',
    );
    expect(stripPaths("Invalid Input Error: file '/home/me/x.csv' line 3 (a/b)", workDir)).toBe(
      "Invalid Input Error: file '<path>' line 3 (a/b)",
    );
    expect(stripPaths('Binder Error: column "a/b" not found', workDir)).toBe(
      'Binder Error: column "a/b" not found',
    );
  });
});

describe('DuckDbEngine', () => {
  let spoolRoot: string;
  let engine: DuckDbEngine;

  beforeAll(() => {
    spoolRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-engine-'));
    engine = new DuckDbEngine({ spoolRoot, memoryLimitMb: 64, threads: 1 });
  });

  afterAll(async () => {
    await engine.close();
    expect(fs.readdirSync(spoolRoot)).toEqual([]);
    fs.rmSync(spoolRoot, { recursive: true, force: true });
  });

  it('queries and describes a view over files in a call directory it handed out', async () => {
    const directory = await engine.createCallDirectory();
    try {
      const file = path.join(directory, 'part-0.csv');
      fs.writeFileSync(file, 'id,name\n1,a\n2,b\n3,c\n');
      const viewSql = `SELECT * FROM read_csv([${sqlString(file)}], header = true)`;
      expect(await engine.describe(viewSql, CALL)).toEqual([
        { name: 'id', type: 'BIGINT', nullable: true },
        { name: 'name', type: 'VARCHAR', nullable: true },
      ]);
      const result = await engine.query(viewSql, 'SELECT id, name FROM target ORDER BY id;', {
        ...CALL,
        maxRows: 2,
      });
      expect(result).toEqual({
        columns: [
          { name: 'id', type: 'BIGINT', nullable: true },
          { name: 'name', type: 'VARCHAR', nullable: true },
        ],
        rows: [
          { id: 1, name: 'a' },
          { id: 2, name: 'b' },
        ],
        truncated: true,
      });
      const settings = await engine.query(
        viewSql,
        "SELECT current_setting('memory_limit') AS m, current_setting('threads') AS t, current_setting('enable_external_access') AS e",
        { ...CALL, maxRows: 1 },
      );
      expect(settings.rows).toEqual([{ m: '64.0 MiB', t: 1, e: false }]);
    } finally {
      await engine.removeCallDirectory(directory);
    }
  });

  it('cannot read a file outside its own directory, even through the view', async () => {
    const outside = path.join(spoolRoot, 'outside.csv');
    fs.writeFileSync(outside, 'id\n1\n');
    try {
      const error = await engine
        .query(`SELECT * FROM read_csv(${sqlString(outside)})`, 'SELECT * FROM target', {
          ...CALL,
          maxRows: 1,
        })
        .then(
          () => undefined,
          (reason: unknown) => reason,
        );
      expect(error).toBeInstanceOf(DatasourceError);
      expect(error).toMatchObject({
        errorClass: 'invalid',
        message: 'The flat-file engine may read its own spooled files only',
      });
    } finally {
      fs.rmSync(outside);
    }
  });

  it('refines a view from its columns, and runs a statement again over the stage its fallback gives', async () => {
    const seen: string[][] = [];
    const answers = await engine.withView(
      async () => ({
        viewSql: 'SELECT 1 AS a, 2::INTEGER AS b',
        checkColumns: (names) => seen.push(names),
        refine: (columns) => {
          seen.push(columns.map(({ name, type }) => `${name} ${type}`));
          return {
            viewSql: `SELECT CASE WHEN b = 2 THEN error('refined view refused') END AS a, b FROM (SELECT 2 AS b)`,
            fallback: (error) =>
              String((error as { message?: unknown }).message).includes('refined view refused')
                ? { viewSql: 'SELECT 3 AS a, 4 AS b' }
                : undefined,
          };
        },
      }),
      CALL,
      async (session) => [
        (await session.query('SELECT b FROM target', 10)).rows,
        (await session.query('SELECT a FROM target', 10)).rows,
        (await session.query('SELECT b FROM target', 10)).rows,
      ],
    );
    expect(seen).toEqual([
      ['a', 'b'],
      ['a INTEGER', 'b INTEGER'],
    ]);
    // The refined view answers what it can; a failure its fallback takes switches the view for good.
    expect(answers).toEqual([[{ b: 2 }], [{ a: 3 }], [{ b: 4 }]]);
  });

  it('refuses a negative or fractional maxRows', async () => {
    await expect(
      engine.query('SELECT 1 AS x', 'SELECT * FROM target', { ...CALL, maxRows: -1 }),
    ).rejects.toMatchObject({ errorClass: 'invalid' });
    await expect(
      engine.query('SELECT 1 AS x', 'SELECT * FROM target', { ...CALL, maxRows: 1.5 }),
    ).rejects.toMatchObject({ errorClass: 'invalid' });
  });

  it('removes the directories of engines whose process died, keeps the living ones', async () => {
    const prefix = path.basename(engine.workDir).split(`-${process.pid}-`)[0] ?? '';
    const dead = path.join(spoolRoot, `${prefix}-2147483646-abc`);
    const alive = path.join(spoolRoot, `${prefix}-${process.ppid}-abc`);
    const otherHost = path.join(spoolRoot, 'dq-duckdb-another.host-2147483646-abc');
    for (const directory of [dead, alive, otherHost])
      fs.mkdirSync(path.join(directory, 'call-x'), { recursive: true });
    const next = new DuckDbEngine({ spoolRoot });
    try {
      expect(fs.existsSync(dead)).toBe(false);
      expect(fs.existsSync(alive)).toBe(true);
      expect(fs.existsSync(otherHost)).toBe(true);
      expect(fs.existsSync(engine.workDir)).toBe(true);
    } finally {
      await next.close();
      fs.rmSync(alive, { recursive: true });
      fs.rmSync(otherHost, { recursive: true });
    }
  });

  it('gives one shared engine per set of options', async () => {
    const shared = DuckDbEngine.shared({ spoolRoot, threads: 1 });
    expect(DuckDbEngine.shared({ spoolRoot, threads: 1 })).toBe(shared);
    expect(DuckDbEngine.shared({ spoolRoot, threads: 2 })).not.toBe(shared);
    await DuckDbEngine.shared({ spoolRoot, threads: 2 }).close();
    await shared.close();
  });
});
