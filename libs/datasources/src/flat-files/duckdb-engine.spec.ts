import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DatasourceError, type TransferTally } from '../adapter/datasource-adapter';
import { DuckDbEngine, type ViewDefinition, sqlString, stripPaths } from './duckdb-engine';

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

  describe('a view over a file still arriving, asked to run its statement again (docs/decisions/0055)', () => {
    const ROWS = 200_000;
    const CSV = Buffer.from(Array.from({ length: ROWS }, (_, id) => `${id},note ${id}\n`).join(''));
    /** Where the first part the tests feed ends: a line end near the middle. */
    const HALF = CSV.indexOf(0x0a, CSV.byteLength / 2) + 1;
    const STATEMENT = 'SELECT count(*) AS n, max(id) AS top FROM target';
    const ANSWER = [{ n: ROWS, top: ROWS - 1 }];

    function makePipe(pipe: string): void {
      execFileSync('mkfifo', ['-m', '600', pipe]);
    }

    /** A named pipe in a call directory and a view over it typed up front, so its bind reads nothing. */
    async function arriving(): Promise<{
      directory: string;
      pipe: string;
      view: () => Promise<ViewDefinition>;
      rerun: EventTarget;
    }> {
      const directory = await engine.createCallDirectory();
      const pipe = path.join(directory, '0000.csv');
      makePipe(pipe);
      const rerun = new EventTarget();
      const viewSql = `SELECT * FROM read_csv(${sqlString(pipe)}, header = false, auto_detect = false, columns = {'id': 'BIGINT', 'note': 'VARCHAR'})`;
      const source = { failed: new AbortController().signal, release: async () => undefined, rerun };
      return { directory, pipe, view: async () => ({ viewSql, source }), rerun };
    }

    /**
     * Writes `bytes` into the pipe at `pipe` once a reader opens it: when the write is done, the
     * reader has taken all but a pipe buffer of them. The write end stays open, so the reader waits
     * for more. A reader that closes at once (a bind) is let go and the next one fed.
     */
    async function feed(pipe: string, bytes: Buffer): Promise<fs.promises.FileHandle> {
      for (;;) {
        const handle = await fs.promises.open(pipe, 'w');
        try {
          await handle.write(bytes);
          return handle;
        } catch (error) {
          await handle.close();
          if ((error as { code?: unknown }).code !== 'EPIPE') throw error;
        }
      }
    }

    /** The rest of the rows, and the pipe's end; a reader already gone is no failure. */
    async function finish(writer: fs.promises.FileHandle): Promise<void> {
      await writer.write(CSV.subarray(HALF)).catch(() => undefined);
      await writer.close();
    }

    it('interrupts the statement reading the pipe and runs it once more over the file then at the path', async () => {
      const { directory, pipe, view, rerun } = await arriving();
      try {
        const tally: TransferTally = { bytes: 0, requests: 0 };
        const answer = engine.withView(view, { ...CALL, transfer: tally }, (session) =>
          session.query(STATEMENT, 10),
        );
        const writer = await feed(pipe, CSV.subarray(0, HALF));
        // The whole file takes the pipe's place while the statement reads the pipe.
        fs.writeFileSync(path.join(directory, 'whole.csv'), CSV);
        fs.renameSync(path.join(directory, 'whole.csv'), pipe);
        rerun.dispatchEvent(new Event('rerun'));
        await finish(writer);
        expect((await answer).rows).toEqual(ANSWER);
        expect(tally.reruns).toBe(1);
      } finally {
        await engine.removeCallDirectory(directory);
      }
    });

    it('keeps a cancel a cancel, whether it comes during the rerun or with the ask', async () => {
      for (const when of ['during the rerun', 'with the ask'] as const) {
        const { directory, pipe, view, rerun } = await arriving();
        try {
          const controller = new AbortController();
          const tally: TransferTally = { bytes: 0, requests: 0 };
          const answer = engine
            .withView(view, { ...CALL, signal: controller.signal, transfer: tally }, (session) =>
              session.query(STATEMENT, 10),
            )
            .then(
              () => 'answered',
              (error: unknown) => error,
            );
          const writer = await feed(pipe, CSV.subarray(0, HALF));
          // The rerun reads a second pipe, so it is surely running when the call is cancelled.
          const second = path.join(directory, 'second.fifo');
          makePipe(second);
          fs.renameSync(second, pipe);
          if (when === 'with the ask') controller.abort();
          rerun.dispatchEvent(new Event('rerun'));
          await finish(writer);
          if (when === 'during the rerun') {
            const rerunWriter = await feed(pipe, CSV.subarray(0, HALF));
            expect(tally.reruns).toBe(1);
            controller.abort();
            await finish(rerunWriter);
          }
          expect({ when, outcome: await answer }).toEqual({
            when,
            outcome: expect.objectContaining({ errorClass: 'cancelled' }),
          });
          expect({ when, reruns: tally.reruns }).toEqual({
            when,
            reruns: when === 'during the rerun' ? 1 : undefined,
          });
        } finally {
          await engine.removeCallDirectory(directory);
        }
      }
    });

    it('does nothing when asked between statements', async () => {
      const { directory, pipe, view, rerun } = await arriving();
      try {
        fs.rmSync(pipe);
        fs.writeFileSync(pipe, CSV);
        const tally: TransferTally = { bytes: 0, requests: 0 };
        const answers = await engine.withView(view, { ...CALL, transfer: tally }, async (session) => {
          const first = await session.query(STATEMENT, 10);
          rerun.dispatchEvent(new Event('rerun'));
          const second = await session.query(STATEMENT, 10);
          return [first.rows, second.rows];
        });
        expect(answers).toEqual([ANSWER, ANSWER]);
        expect(tally.reruns).toBeUndefined();
      } finally {
        await engine.removeCallDirectory(directory);
      }
    });
  });
});
