import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { DatasourceErrorClass, type FileEncoding } from '@dq/contracts';
import { type StorePeers, spooledWhole, startStorePeers } from '../../test/store-peers';
import {
  type CallOptions,
  DatasourceError,
  type FileEntry,
  type TransferTally,
} from '../adapter/datasource-adapter';
import { FlatFileReader } from './flat-file-reader';
import { countingStore } from './ranged-parquet';
import { type RemoteFileStore } from './remote-file-store';
import { streamedCsvView } from './streamed-csv';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const BUCKET = 'dq-streamed-csv';
const FILESYSTEM = 'lake-streamed-csv';
const CALL: CallOptions = { timeoutMs: 120_000 };
/** The generated file: past DuckDB's 32 MiB CSV buffer, so statements scan it while it arrives. */
const BIG = 'gen/big.csv';
/** Statements a suite run sends over one view: a fused aggregate, sample reads, a count. */
const BIG_STATEMENTS = [
  `SELECT count(*) AS n, count(name) AS names, round(sum(amount), 2) AS total, min(amount) AS low,
          max(note) AS last_note, count(DISTINCT code) AS codes, max(length(name)) AS longest FROM target`,
  'SELECT * FROM target WHERE id % 99991 = 7 ORDER BY id',
  'SELECT * FROM target ORDER BY id DESC LIMIT 5',
  "SELECT count(*) AS n FROM target WHERE name LIKE '%\n%'",
];

/** Encoding of a fixture, as a suite would set it. */
function encodingOf(name: string): FileEncoding {
  if (name.startsWith('utf16')) return 'utf-16';
  if (name.startsWith('latin1')) return 'latin-1';
  return 'utf-8';
}

/**
 * A messy CSV past 32 MiB: UTF-8 byte order mark, CRLF line ends, quoted fields with commas,
 * doubled quotes and line feeds, empty fields, and a ragged last record.
 */
function bigCsv(): Buffer {
  const lines = ['\uFEFFid,name,amount,code,note'];
  for (let id = 0; id < 600_000; id += 1) {
    const name = id % 17 === 0 ? `"line ${id}\nsecond, ""quoted"""` : `name_${id % 1000}`;
    const amount = id % 13 === 0 ? '' : ((id * 7919) % 100_000) / 100;
    lines.push(`${id},${name},${amount},c${id % 37},note ${id.toString(36)} ${'x'.repeat(id % 40)}`);
  }
  lines.push('600000,ragged');
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A fixture past the 64 KiB head: its first line, then the rest repeated. */
function padded(bytes: Buffer): Buffer {
  const firstLineEnd = bytes.indexOf(0x0a) + 1;
  if (firstLineEnd === 0 || firstLineEnd === bytes.byteLength) return bytes;
  const body = bytes.subarray(firstLineEnd);
  const copies = Math.ceil((96 * 1024) / body.byteLength);
  return Buffer.concat([bytes.subarray(0, firstLineEnd), ...Array<Buffer>(copies).fill(body)]);
}

/** Heavy per row (digests, a regular expression): a pipe scan of it lags far behind the download. */
const HEAVY_STATEMENT = `SELECT count(*) AS n, count(DISTINCT md5(md5(md5(coalesce(note, '') || coalesce(name, ''))))) AS digests,
  sum(length(regexp_replace(coalesce(note, ''), '([a-z0-9])[a-z0-9]*', '<\\1>', 'g'))) AS rewritten FROM target`;

type Outcome = { rows: unknown[][]; columns: string[] } | { error: string; message: string };

/** What the reader answers to each statement over one session, or the error that failed it. */
async function outcomes(
  reader: FlatFileReader,
  store: RemoteFileStore,
  target: string,
  statements: readonly string[],
  options: CallOptions,
): Promise<Outcome[] | Outcome> {
  try {
    return await reader.withScan(store, target, options, async (scan) => {
      const answers: Outcome[] = [];
      for (const sql of statements) {
        try {
          const result = await scan.query(sql, 100_000);
          answers.push({
            columns: result.columns.map((column) => `${column.name} ${column.type}`),
            rows: result.rows.map((row) => Object.values(row)),
          });
        } catch (error) {
          answers.push(failureOf(error));
        }
      }
      return answers;
    });
  } catch (error) {
    return failureOf(error);
  }
}

function failureOf(error: unknown): Outcome {
  if (error instanceof DatasourceError) return { error: error.errorClass, message: error.message };
  return { error: 'unclassified', message: String(error) };
}

interface Shaped {
  store: RemoteFileStore;
  /** The store's own stream of the last `openStream`. */
  inner(): NodeJS.ReadableStream | undefined;
}

/**
 * The store with its download reshaped: `pace` bytes at a time with a pause between, the last
 * `holdLast` bytes held back `holdMs` (or until `holdUntil` settles), and the stream failed
 * (`breakAt`) or ended cleanly (`cutAt`) after that many bytes.
 */
function shaped(
  store: RemoteFileStore,
  shape: {
    pace?: number;
    pauseMs?: number;
    holdLast?: number;
    holdMs?: number;
    holdUntil?: Promise<void>;
    breakAt?: number;
    cutAt?: number;
  },
  size: number,
): Shaped {
  let inner: NodeJS.ReadableStream | undefined;
  return {
    inner: () => inner,
    store: {
      ...spooledWhole(store),
      linkTo: undefined,
      openStream: async (file, options) => {
        const source = await store.openStream(file, options);
        inner = source;
        let passed = 0;
        let held = false;
        const output = new PassThrough();
        const pacer = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            void (async () => {
              for (let offset = 0; offset < chunk.byteLength;) {
                const step = Math.min(shape.pace ?? chunk.byteLength, chunk.byteLength - offset);
                const piece = chunk.subarray(offset, offset + step);
                offset += step;
                if (shape.breakAt !== undefined && passed + piece.byteLength > shape.breakAt) {
                  callback(new DatasourceError(DatasourceErrorClass.Unreachable, 'The connection dropped'));
                  return;
                }
                if (shape.cutAt !== undefined && passed + piece.byteLength > shape.cutAt) {
                  this.push(piece.subarray(0, shape.cutAt - passed));
                  passed = shape.cutAt;
                  this.push(null);
                  (source as PassThrough).destroy();
                  callback();
                  return;
                }
                if (
                  !held &&
                  shape.holdLast !== undefined &&
                  passed + piece.byteLength > size - shape.holdLast
                ) {
                  held = true;
                  await (shape.holdUntil ?? sleep(shape.holdMs ?? 0));
                }
                passed += piece.byteLength;
                this.push(piece);
                if (shape.pauseMs) await sleep(shape.pauseMs);
              }
              callback();
            })();
          },
        });
        source.on('error', (error) => output.destroy(error));
        source.pipe(pacer).pipe(output);
        pacer.on('error', (error) => output.destroy(error));
        output.on('close', () => (source as PassThrough).destroy());
        return output;
      },
    },
  };
}

describe('CSV read while it downloads, against the S3 (moto) and ADLS (Azurite) peers', () => {
  let workDir: string;
  let reader: FlatFileReader;
  let storePeers: StorePeers;
  /** Object name → its bytes. */
  const objects = new Map<string, Buffer>();

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-streamed-csv-'));
    objects.set(BIG, bigCsv());
    for (const directory of ['fixtures/csv-parquet/csv', 'fixtures/unicode-edges', 'fixtures/nan-infinity'])
      for (const name of fs.readdirSync(path.join(REPO_ROOT, directory)).sort()) {
        if (!/\.(csv|tsv)$/.test(name)) continue;
        const bytes = fs.readFileSync(path.join(REPO_ROOT, directory, name));
        objects.set(`fixtures/${name}`, bytes);
        if (bytes.byteLength > 0 && encodingOf(name) !== 'utf-16')
          objects.set(`padded/${name}`, padded(bytes));
      }
    storePeers = await startStorePeers({
      bucket: BUCKET,
      filesystem: FILESYSTEM,
      objects: [...objects].map(([key, body]) => ({ key, body: new Uint8Array(body) })),
    });
    reader = new FlatFileReader({ egress: storePeers.egress, spoolDir: path.join(workDir, 'spool') });
  }, 300_000);

  afterAll(async () => {
    await storePeers?.stop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  const peers: Array<[string, () => Promise<RemoteFileStore>]> = [
    ['S3', () => storePeers.openS3(workDir, CALL)],
    ['ADLS', () => storePeers.openAdls(workDir, CALL)],
  ];

  describe.each(peers)('%s', (_peer, openStore) => {
    it('answers every CSV fixture as the full download does, padded past the head too', async () => {
      const store = await openStore();
      const names = [...objects.keys()].filter((name) => name !== BIG);
      expect(names.length).toBeGreaterThan(40);
      for (const name of names) {
        const options = { ...CALL, fileEncoding: encodingOf(path.basename(name)) };
        const statements = ['SELECT * FROM target', 'SELECT count(*) AS n FROM target'];
        const size = objects.get(name)?.byteLength ?? 0;
        // The tail held back: the view's sniff reads the pipe while the file is still arriving.
        const arriving = shaped(store, { holdLast: 1024, holdMs: 150 }, size).store;
        const streamed = await outcomes(reader, arriving, name, statements, options);
        const whole = await outcomes(reader, spooledWhole(store), name, statements, options);
        expect({ name, answer: streamed }).toEqual({ name, answer: whole });
      }
    }, 240_000);

    it("gives several statements over a 35 MB file scanned while it arrives the full download's answers", async () => {
      const store = await openStore();
      const size = objects.get(BIG)?.byteLength ?? 0;
      expect(size).toBeGreaterThan(33 * 2 ** 20);
      const tally: TransferTally = { bytes: 0, requests: 0 };
      const arriving = shaped(countingStore(store, tally), { holdLast: 256 * 1024, holdMs: 1500 }, size);
      const started = Date.now();
      const streamed = await outcomes(reader, arriving.store, BIG, BIG_STATEMENTS, CALL);
      const streamedMs = Date.now() - started;
      const whole = await outcomes(reader, spooledWhole(store), BIG, BIG_STATEMENTS, CALL);
      expect(streamed).toEqual(whole);
      expect(Array.isArray(whole) && whole.every((answer) => 'rows' in answer)).toBe(true);
      const [fused] = whole as Array<{ rows: unknown[][] }>;
      expect(fused?.rows[0]?.[0]).toBe(600_001);
      // Fetched once, whole: one stat and one GET of exactly the object's bytes.
      expect(tally).toEqual({ bytes: size, requests: 2 });
      // Held back 1.5 s: the statements waited for the bytes, not for a second download.
      expect(streamedMs).toBeGreaterThanOrEqual(1500);
    }, 240_000);

    it('fails the run with the store error when the download breaks off mid-scan, never with a partial answer', async () => {
      const store = await openStore();
      const size = objects.get(BIG)?.byteLength ?? 0;
      const broken = shaped(store, { breakAt: size - 2 ** 20 }, size);
      const answer = await outcomes(reader, broken.store, BIG, BIG_STATEMENTS, CALL);
      const failures = Array.isArray(answer) ? answer : [answer];
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures)
        expect(failure).toEqual({ error: 'unreachable', message: 'The connection dropped' });
    }, 120_000);

    it('fails the run when the download ends short without an error', async () => {
      const store = await openStore();
      const size = objects.get(BIG)?.byteLength ?? 0;
      const cut = shaped(store, { cutAt: size - 2 ** 20 }, size);
      const answer = await outcomes(reader, cut.store, BIG, BIG_STATEMENTS, CALL);
      const failures = Array.isArray(answer) ? answer : [answer];
      for (const failure of failures)
        expect(failure).toEqual({
          error: 'unreachable',
          message: `The download of ${BIG} broke off after ${size - 2 ** 20} of ${size} bytes`,
        });
    }, 120_000);

    it('asks for a rerun at the switch while an open pipe reader is behind by the fraction, only then', async () => {
      const store = await openStore();
      const size = objects.get(BIG)?.byteLength ?? 0;
      const file: FileEntry = { path: BIG, size, last_modified_at: new Date(0).toISOString() };
      for (const [fraction, asked] of [
        [1, 1],
        [undefined, 1],
        [0, 0],
      ] as const) {
        const directory = fs.mkdtempSync(path.join(workDir, 'arriving-'));
        let releaseTail = (): void => undefined;
        const tail = new Promise<void>((resolve) => (releaseTail = resolve));
        const arriving = shaped(store, { holdLast: 256 * 1024, holdUntil: tail }, size).store;
        let viewPath = '';
        const view = await streamedCsvView(
          arriving,
          file,
          directory,
          CALL,
          async (at) => {
            viewPath = at;
            return { viewSql: 'SELECT 1' };
          },
          fraction,
        );
        let asks = 0;
        view?.source?.rerun?.addEventListener('rerun', () => (asks += 1));
        // A reader of the pipe takes a megabyte and stops reading, its pipe left open: far behind.
        const pipeReader = fs.createReadStream(viewPath, { highWaterMark: 64 * 1024 });
        try {
          let taken = 0;
          await new Promise<void>((resolve, reject) => {
            pipeReader.on('error', reject);
            pipeReader.on('data', (chunk) => {
              taken += chunk.length;
              if (taken < 2 ** 20) return;
              pipeReader.pause();
              resolve();
            });
          });
          releaseTail();
          // The rerun is asked in the same turn as the spool file takes the pipe's place.
          while (fs.lstatSync(viewPath).isFIFO()) await sleep(5);
          expect({ fraction, asks }).toEqual({ fraction, asks: asked });
        } finally {
          releaseTail();
          pipeReader.destroy();
          await view?.source?.release();
          fs.rmSync(directory, { recursive: true, force: true });
        }
      }
    }, 120_000);

    it("gives the full download's answers in one GET, whether or not a statement reading the pipe at the switch runs again", async () => {
      const store = await openStore();
      const size = objects.get(BIG)?.byteLength ?? 0;
      const statements = [HEAVY_STATEMENT, ...BIG_STATEMENTS];
      const whole = await outcomes(reader, spooledWhole(store), BIG, statements, CALL);
      expect(Array.isArray(whole) && whole.every((answer) => 'rows' in answer)).toBe(true);
      for (const fraction of [1, 0]) {
        const tally: TransferTally = { bytes: 0, requests: 0 };
        // The tail held back: the heavy statement is most likely scanning its pipe when the file
        // is in (whether it is depends on the host's load; the ask itself is proven above).
        const arriving = shaped(countingStore(store, tally), { holdLast: 256 * 1024, holdMs: 3000 }, size);
        const rerunning = new FlatFileReader(
          { egress: storePeers.egress, spoolDir: path.join(workDir, 'spool') },
          { rerunBelowFraction: fraction },
        );
        const streamed = await outcomes(rerunning, arriving.store, BIG, statements, {
          ...CALL,
          transfer: tally,
        });
        expect({ fraction, streamed }).toEqual({ fraction, streamed: whole });
        // One GET of the object's bytes either way: a rerun reads the spooled file.
        const { reruns, ...fetched } = tally;
        expect(fetched).toEqual({ bytes: size, requests: 2 });
        // Forced off, never; forced on, at most once.
        if (fraction === 0) expect(reruns).toBeUndefined();
        else expect([undefined, 1]).toContain(reruns);
      }
    }, 240_000);

    it('keeps a cancel that comes the moment the download ends a cancel', async () => {
      const store = await openStore();
      const size = objects.get(BIG)?.byteLength ?? 0;
      const rerunning = new FlatFileReader(
        { egress: storePeers.egress, spoolDir: path.join(workDir, 'spool') },
        { rerunBelowFraction: 1 },
      );
      const arriving = shaped(store, { holdLast: 256 * 1024, holdMs: 1000 }, size).store;
      const controller = new AbortController();
      const watched: RemoteFileStore = {
        ...arriving,
        openStream: async (file, options) => {
          const stream = await arriving.openStream(file, options);
          stream.on('end', () => controller.abort());
          return stream;
        },
      };
      await expect(
        rerunning.withScan(watched, BIG, { ...CALL, signal: controller.signal }, (scan) =>
          scan.query(HEAVY_STATEMENT, 10),
        ),
      ).rejects.toMatchObject({ errorClass: DatasourceErrorClass.Cancelled });
    }, 240_000);

    it('stops fetching when the call is cancelled mid-download', async () => {
      const store = await openStore();
      const size = objects.get(BIG)?.byteLength ?? 0;
      const tally: TransferTally = { bytes: 0, requests: 0 };
      const slow = shaped(countingStore(store, tally), { pace: 256 * 1024, pauseMs: 20 }, size);
      const controller = new AbortController();
      const call = reader.withScan(slow.store, BIG, { ...CALL, signal: controller.signal }, (scan) =>
        scan.query(BIG_STATEMENTS[0] ?? '', 10),
      );
      while (tally.bytes < 4 * 2 ** 20) await sleep(10);
      controller.abort();
      await expect(call).rejects.toMatchObject({ errorClass: DatasourceErrorClass.Cancelled });
      const fetched = tally.bytes;
      await sleep(500);
      expect(tally.bytes).toBe(fetched);
      expect(fetched).toBeLessThan(size / 2);
      expect((slow.inner() as PassThrough | undefined)?.destroyed).toBe(true);
      // Nothing of the call is left in the spool: its directory went with it.
      const spool = fs.readdirSync(path.join(workDir, 'spool'));
      for (const engineDirectory of spool)
        expect(
          fs
            .readdirSync(path.join(workDir, 'spool', engineDirectory))
            .filter((name) => name.startsWith('call-')),
        ).toEqual([]);
    }, 120_000);
  });
});
