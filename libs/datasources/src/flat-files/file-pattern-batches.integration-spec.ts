import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type StorePeers, startStorePeers } from '../../test/store-peers';
import { type CallOptions, DatasourceError } from '../adapter/datasource-adapter';
import { FlatFileReader } from './flat-file-reader';
import { PARALLEL_FOOTER_READS } from './ranged-parquet';
import { type RemoteFileStore } from './remote-file-store';
import { PARALLEL_DOWNLOADS } from './spool-files';

// A batch pattern of many small files read through the real S3 (moto) and ADLS (Azurite) peers:
// the same answers as one file holding the same rows, bounded downloads, a failing file failing
// the whole read, and a cancel stopping the downloads (docs/decisions/0051).

const FILES = 300;
const ROWS_PER_FILE = 20;
const BUCKET = 'dq-pattern-batches';
const FILESYSTEM = 'patterns';
const CALL: CallOptions = { timeoutMs: 120_000 };

/**
 * The statements a check run sends over a target: counts, sums, min/max and exact distinct counts
 * in one pass, as the fused statement does. Amounts are quarters, so sums are exact in any order.
 */
const AGGREGATES = `SELECT count(*) AS row_count, count(note) AS notes, sum(amount) AS amount_sum,
  min(amount) AS amount_min, max(amount) AS amount_max, min(category) AS category_min,
  max(category) AS category_max, count(DISTINCT category) AS categories, count(DISTINCT id) AS ids,
  count(DISTINCT amount) AS amounts, sum(CASE WHEN amount > 100 THEN 1 ELSE 0 END) AS over_100
  FROM target`;
const GROUPED = `SELECT category, count(*) AS n, sum(amount) AS total FROM target GROUP BY category ORDER BY category`;

function csvRows(file: number): string[] {
  return Array.from({ length: ROWS_PER_FILE }, (_, row) => {
    const id = file * ROWS_PER_FILE + row;
    const note = id % 7 === 0 ? '' : `"note ${id % 11}, kept"`;
    return `${id},cat_${id % 13},${((id * 37) % 1000) / 4},${note}`;
  });
}

const HEADER = 'id,category,amount,note';
const partName = (prefix: string, index: number, ext: string): string =>
  `${prefix}/part_${String(index).padStart(4, '0')}.${ext}`;

/** Parquet bytes of each part and of the whole, written by DuckDB from the CSV rows. */
async function parquetFiles(workDir: string): Promise<{ parts: Uint8Array[]; whole: Uint8Array }> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const select = (from: number, to: number): string =>
      `SELECT range::BIGINT AS id, 'cat_' || (range % 13)::VARCHAR AS category,
         (((range * 37) % 1000) / 4)::DOUBLE AS amount,
         CASE WHEN range % 7 = 0 THEN NULL ELSE 'note ' || (range % 11) || ', kept' END AS note
       FROM range(${from}, ${to})`;
    const parts: Uint8Array[] = [];
    for (let index = 0; index < FILES; index += 1) {
      const file = path.join(workDir, `part-${index}.parquet`);
      await connection.run(
        `COPY (${select(index * ROWS_PER_FILE, (index + 1) * ROWS_PER_FILE)}) TO '${file}' (FORMAT parquet)`,
      );
      parts.push(new Uint8Array(await readFile(file)));
    }
    const wholeFile = path.join(workDir, 'whole.parquet');
    await connection.run(`COPY (${select(0, FILES * ROWS_PER_FILE)}) TO '${wholeFile}' (FORMAT parquet)`);
    return { parts, whole: new Uint8Array(await readFile(wholeFile)) };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** What a wrapped store saw: downloads (or ranged reads) started, and the most ever open at once. */
interface Watch {
  started: string[];
  inFlight: number;
  peak: number;
  /** Each ranged read: the file, the range and the file's size when it was listed. */
  ranges: Array<{ file: string; start: number; end: number }>;
  /** Called as each download or ranged read starts, before the real request (a test's hook). */
  onStart?: (path: string, count: number) => Promise<void> | void;
}

/** `store` with every whole-file download and ranged read counted from its request until it ends. */
function watched(store: RemoteFileStore, watch: Watch): RemoteFileStore {
  return {
    list: (prefix, options) => store.list(prefix, options),
    stat: (file, options) => store.stat(file, options),
    readRange: async (file, start, end, options) => {
      watch.started.push(file);
      watch.ranges.push({ file, start, end });
      watch.inFlight += 1;
      watch.peak = Math.max(watch.peak, watch.inFlight);
      try {
        await watch.onStart?.(file, watch.started.length);
        return await store.readRange(file, start, end, options);
      } finally {
        watch.inFlight -= 1;
      }
    },
    openStream: async (file, options) => {
      watch.started.push(file);
      watch.inFlight += 1;
      watch.peak = Math.max(watch.peak, watch.inFlight);
      let open = true;
      const done = (): void => {
        if (open) watch.inFlight -= 1;
        open = false;
      };
      try {
        await watch.onStart?.(file, watch.started.length);
        const stream = await store.openStream(file, options);
        for (const event of ['end', 'error', 'close']) stream.once(event, done);
        return stream;
      } catch (error) {
        done();
        throw error;
      }
    },
  };
}

function newWatch(): Watch {
  return { started: [], inFlight: 0, peak: 0, ranges: [] };
}

/** Call directories the reader left behind in the spool (none once a call is over, however it ended). */
async function leftoverCallDirectories(spoolDir: string): Promise<string[]> {
  const left: string[] = [];
  for (const work of await readdir(spoolDir))
    for (const entry of await readdir(path.join(spoolDir, work)).catch(() => []))
      if (entry.startsWith('call-')) left.push(entry);
  return left;
}

interface Peer {
  name: string;
  open: () => Promise<RemoteFileStore>;
  remove: (file: string) => Promise<void>;
}

describe('batch patterns of many small files on the S3 and ADLS peers', () => {
  let workDir: string;
  let spoolDir: string;
  let reader: FlatFileReader;
  let storePeers: StorePeers | undefined;
  let s3Admin: S3Client | undefined;
  const peers: Peer[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'dq-pattern-'));
    spoolDir = await mkdtemp(path.join(tmpdir(), 'dq-pattern-spool-'));
    const parquet = await parquetFiles(workDir);
    const objects: Array<{ key: string; body: string | Uint8Array }> = [];
    const allRows: string[] = [];
    for (let index = 0; index < FILES; index += 1) {
      const rows = csvRows(index);
      allRows.push(...rows);
      objects.push({ key: partName('csv', index, 'csv'), body: `${HEADER}\n${rows.join('\n')}\n` });
      objects.push({ key: partName('parquet', index, 'parquet'), body: parquet.parts[index] });
    }
    objects.push({ key: 'whole/all.csv', body: `${HEADER}\n${allRows.join('\n')}\n` });
    objects.push({ key: 'whole/all.parquet', body: parquet.whole });

    const started = await startStorePeers({ bucket: BUCKET, filesystem: FILESYSTEM, objects });
    storePeers = started;
    reader = new FlatFileReader({ egress: started.egress, spoolDir });
    const { s3, container } = started;

    const admin = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    s3Admin = admin;
    peers.push(
      {
        name: 'S3 (moto)',
        open: () => started.openS3(spoolDir, CALL),
        remove: async (file) => {
          await admin.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: file }));
        },
      },
      {
        name: 'ADLS (Azurite)',
        open: () => started.openAdls(spoolDir, CALL),
        remove: async (file) => {
          await container.getBlockBlobClient(file).delete();
        },
      },
    );
  }, 300_000);

  afterAll(async () => {
    s3Admin?.destroy();
    await storePeers?.stop();
    await rm(workDir, { recursive: true, force: true });
    await rm(spoolDir, { recursive: true, force: true });
  });

  function peer(name: string): Peer {
    const found = peers.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no peer ${name}`);
    return found;
  }

  describe.each(['S3 (moto)', 'ADLS (Azurite)'])('%s', (name) => {
    it.each(['csv', 'parquet'])(
      'answers a %s pattern of many files exactly as one file of the same rows, downloads bounded',
      async (format) => {
        const store = await peer(name).open();
        const watch = newWatch();
        const batch = watched(store, watch);
        const pattern = `${format}/part_*.${format}`;
        const whole = `whole/all.${format}`;
        for (const sql of [AGGREGATES, GROUPED]) {
          const many = await reader.scan(batch, pattern, sql, { ...CALL, maxRows: 100 });
          const one = await reader.scan(store, whole, sql, { ...CALL, maxRows: 100 });
          expect(many.rows).toEqual(one.rows);
          expect(many.rows.length).toBeGreaterThan(0);
        }
        const [totals] = (await reader.scan(batch, pattern, AGGREGATES, { ...CALL, maxRows: 1 })).rows;
        expect(Number(totals?.['row_count'])).toBe(FILES * ROWS_PER_FILE);
        expect(Number(totals?.['ids'])).toBe(FILES * ROWS_PER_FILE);
        // Whole-file downloads (CSV) never exceed the bound, and do overlap.
        if (format === 'csv') {
          expect(watch.started).toHaveLength(3 * FILES);
          expect(watch.peak).toBeLessThanOrEqual(PARALLEL_DOWNLOADS);
          expect(watch.peak).toBeGreaterThan(1);
        }
        // Parquet: each small file costs one GET of all of it, several in flight, no more than the bound.
        if (format === 'parquet') {
          expect(watch.ranges).toHaveLength(3 * FILES);
          expect(new Set(watch.ranges.map((range) => range.file)).size).toBe(FILES);
          expect(watch.ranges.every((range) => range.start === 0)).toBe(true);
          expect(watch.peak).toBeLessThanOrEqual(PARALLEL_FOOTER_READS);
          expect(watch.peak).toBeGreaterThan(1);
        }
        expect(watch.inFlight).toBe(0);
        expect(await leftoverCallDirectories(spoolDir)).toEqual([]);
      },
      180_000,
    );

    it.each(['csv', 'parquet'])(
      'fails the whole %s read with a clear error when one file of the batch fails, reporting no result',
      async (format) => {
        const store = await peer(name).open();
        const watch = newWatch();
        const victim = partName(format, 150, format);
        // The file disappears between the listing and its download: the peer answers 404.
        watch.onStart = async (file) => {
          if (file === victim) await peer(name).remove(victim);
        };
        const outcome = await reader
          .scan(watched(store, watch), `${format}/part_*.${format}`, AGGREGATES, { ...CALL, maxRows: 1 })
          .then(
            (result) => ({ result }),
            (error: unknown) => ({ error }),
          );
        expect('result' in outcome).toBe(false);
        const error = (outcome as { error: unknown }).error;
        expect(error).toBeInstanceOf(DatasourceError);
        expect((error as DatasourceError).errorClass).toBe('not_found');
        expect((error as DatasourceError).message).toMatch(/does not exist/);
        // The other downloads were stopped: at most the ones already in flight finished after it.
        expect(watch.started.length).toBeLessThan(FILES);
        expect(watch.inFlight).toBe(0);
        expect(await leftoverCallDirectories(spoolDir)).toEqual([]);
      },
      120_000,
    );

    it.each(['csv', 'parquet'])(
      'stops the %s downloads when the call is cancelled',
      async (format) => {
        const store = await peer(name).open();
        const watch = newWatch();
        const controller = new AbortController();
        let startedAtCancel = 0;
        watch.onStart = (_file, count) => {
          if (count === 20) {
            controller.abort();
            startedAtCancel = count;
          }
        };
        const outcome = await reader
          .scan(watched(store, watch), `${format}/part_*.${format}`, AGGREGATES, {
            ...CALL,
            maxRows: 1,
            signal: controller.signal,
          })
          .then(
            () => 'finished',
            (error: unknown) => error,
          );
        expect(outcome).toBeInstanceOf(DatasourceError);
        expect((outcome as DatasourceError).errorClass).toBe('cancelled');
        expect(startedAtCancel).toBe(20);
        // No download starts once the signal fired.
        expect(watch.started).toHaveLength(20);
        expect(watch.inFlight).toBe(0);
        expect(await leftoverCallDirectories(spoolDir)).toEqual([]);
      },
      120_000,
    );
  });
});
