/**
 * CSV dialect and encoding traps (fixtures/csv-parquet/csv, see its SOURCES.md) read through the
 * file store (F, Azurite) and object store (O, moto) adapters, each answer compared with Python's
 * `csv` module (an RFC 4180 reader, in the peers' virtual environment) reading the same bytes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { type FileEncoding } from '@dq/contracts';
import { EgressGuard } from '@dq/security';
import {
  type AzuritePeer,
  type S3Peer,
  createS3PeerBucket,
  createS3PeerUser,
  peersBin,
  putS3PeerObject,
  startAzuritePeer,
  startS3Peer,
} from '@dq/testing';
import {
  type CallOptions,
  type DatasourceAdapter,
  type DatasourceConnection,
  DatasourceError,
} from '../adapter/datasource-adapter';
import { FileStoreAdapter } from '../file-store/file-store-adapter';
import { ObjectStoreAdapter } from '../object-store/object-store-adapter';
import { CSV_SAMPLE_BYTES } from './flat-file-reader';

const run = promisify(execFile);
const FIXTURES = path.resolve(__dirname, '../../../../fixtures/csv-parquet/csv');
const CALL: CallOptions = { timeoutMs: 30_000 };

/** Each trap and the dialect it was written in (what the reference reader is told). */
const TRAPS: Array<{ file: string; delimiter: string; encoding: FileEncoding }> = [
  { file: 'quoted_multiline_ragged_last.csv', delimiter: ',', encoding: 'utf-8' },
  { file: 'quoted_multiline_past_sample.csv', delimiter: ',', encoding: 'utf-8' },
  { file: 'ragged_last_line.csv', delimiter: ',', encoding: 'utf-8' },
  { file: 'header_only_three_columns.csv', delimiter: ',', encoding: 'utf-8' },
  { file: 'bom_quoted_header.csv', delimiter: ',', encoding: 'utf-8' },
  { file: 'crlf_quoted_lf.csv', delimiter: ',', encoding: 'utf-8' },
  { file: 'semicolon_commas_in_quotes.csv', delimiter: ';', encoding: 'utf-8' },
  { file: 'latin1_cities.csv', delimiter: ',', encoding: 'latin-1' },
  { file: 'utf16le_bom_cities.csv', delimiter: ',', encoding: 'utf-16' },
];
/** Files no dialect fits: refused, never read as a table of the wrong shape. */
const UNREADABLE = ['unclosed_quote.csv'];

const PYTHON_ENCODING: Record<FileEncoding, string> = {
  'utf-8': 'utf-8-sig',
  'utf-16': 'utf-16',
  'latin-1': 'latin-1',
};

/**
 * Python's csv.reader over the file: the header, then each record mapped to it as DictReader maps
 * one (a field missing from a short record is null).
 */
const REFERENCE = `
import csv, json, sys
path, delimiter, encoding = sys.argv[1:4]
with open(path, newline='', encoding=encoding) as handle:
    records = list(csv.reader(handle, delimiter=delimiter))
header = records[0]
rows = [{name: (record[i] if i < len(record) else None) for i, name in enumerate(header)} for record in records[1:]]
print(json.dumps({'header': header, 'rows': rows}))
`;

interface Reference {
  header: string[];
  rows: Record<string, string | null>[];
}

async function reference(file: string, delimiter: string, encoding: FileEncoding): Promise<Reference> {
  const { stdout } = await run(
    await peersBin('python'),
    ['-c', REFERENCE, path.join(FIXTURES, file), delimiter, PYTHON_ENCODING[encoding]],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Reference;
}

/** A scanned row as text, as the reference reader gives every field. */
function asText(row: Record<string, unknown>): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(row).map(([name, value]) => [
      name,
      value === null ? null : String(value as string | number),
    ]),
  );
}

/** Nothing DuckDB says to itself may reach a user: its statements, its advice, its option dump. */
function expectNoEngineText(message: string): void {
  expect(message).not.toMatch(
    /DESCRIBE|read_csv|SELECT \*|LINE \d|Possible (Solution|fixes)|Single-Line File|encoding\s*=|ignore_errors|Original Line|\/tmp/,
  );
}

async function failure(call: Promise<unknown>): Promise<DatasourceError> {
  const error = await call.then(
    () => new Error('expected a failure, the call succeeded'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasourceError);
  return error as DatasourceError;
}

describe('CSV traps through the file store (F) and object store (O) adapters', () => {
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  let spoolDir: string;
  let moto: S3Peer;
  let azurite: AzuritePeer;
  const kinds: Array<{ kind: string; adapter: DatasourceAdapter; connection: DatasourceConnection }> = [];
  const references = new Map<string, Reference>();

  beforeAll(async () => {
    spoolDir = await mkdtemp(path.join(tmpdir(), 'dq-csv-traps-'));
    [moto, azurite] = await Promise.all([startS3Peer(), startAzuritePeer()]);
    const key = await createS3PeerUser(moto, { allowS3: true });
    await createS3PeerBucket(moto, 'traps');
    const container = new ContainerClient(
      `${azurite.accountUrl}/traps`,
      new StorageSharedKeyCredential(azurite.accountName, azurite.accountKey),
    );
    await container.create();
    for (const file of [...TRAPS.map((trap) => trap.file), ...UNREADABLE]) {
      const bytes = await readFile(path.join(FIXTURES, file));
      await putS3PeerObject(moto, 'traps', `csv/${file}`, bytes);
      await container.getBlockBlobClient(`csv/${file}`).uploadData(bytes);
    }
    for (const { file, delimiter, encoding } of TRAPS)
      references.set(file, await reference(file, delimiter, encoding));
    kinds.push(
      {
        kind: 'O',
        adapter: new ObjectStoreAdapter({ egress, spoolDir }),
        connection: {
          id: null,
          kind: 'object_store',
          config: { bucket: 'traps', endpoint_url: moto.endpoint, force_path_style: true },
          credential: { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
        },
      },
      {
        kind: 'F',
        adapter: new FileStoreAdapter({ egress, spoolDir }),
        connection: {
          id: null,
          kind: 'file_store',
          config: { account_url: azurite.accountUrl, filesystem: 'traps' },
          credential: { account_key: azurite.accountKey },
        },
      },
    );
  }, 180_000);

  afterAll(async () => {
    await Promise.all([moto?.stop(), azurite?.stop()]);
    egress.destroy();
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
  });

  it('the reference reader sees what each trap was written to hold', () => {
    expect(references.get('quoted_multiline_ragged_last.csv')?.rows).toHaveLength(6);
    expect(references.get('quoted_multiline_ragged_last.csv')?.rows.at(-1)).toEqual({
      id: '6',
      comment: 'tail',
      score: null,
    });
    expect(references.get('header_only_three_columns.csv')).toEqual({
      header: ['id', 'name', 'amount'],
      rows: [],
    });
    expect(references.get('crlf_quoted_lf.csv')?.rows[0]?.['note']).toBe('first\nsecond');
  });

  for (const kind of ['O', 'F']) {
    describe(kind, () => {
      const subject = (): (typeof kinds)[number] => kinds.find((entry) => entry.kind === kind)!;

      it.each(TRAPS)('reads $file as the RFC 4180 reader does', async ({ file, encoding }) => {
        const { adapter, connection } = subject();
        const expected = references.get(file)!;
        const options = { ...CALL, fileEncoding: encoding };
        const columns = await adapter.columns(connection, `csv/${file}`, options);
        expect(columns.map((column) => column.name)).toEqual(expected.header);
        const result = await adapter.scan!(connection, `csv/${file}`, 'SELECT * FROM target', {
          ...options,
          maxRows: 10_000,
        });
        expect(result.columns.map((column) => column.name)).toEqual(expected.header);
        expect(result.rows.map(asText)).toEqual(expected.rows);
      });

      it('takes the columns of a file whose 64 KiB sample ends inside a quoted field from whole records', async () => {
        const { adapter, connection } = subject();
        const file = 'quoted_multiline_past_sample.csv';
        const bytes = await readFile(path.join(FIXTURES, file));
        // The sample's last line feed is inside a quoted field: cut there, the sample is broken.
        expect(bytes.byteLength).toBeGreaterThan(CSV_SAMPLE_BYTES);
        const head = bytes.subarray(0, CSV_SAMPLE_BYTES).toString('latin1');
        expect((head.slice(0, head.lastIndexOf('\n')).match(/"/g) ?? []).length % 2).toBe(1);
        expect(await adapter.columns(connection, `csv/${file}`, CALL)).toEqual([
          { name: 'id', type: 'BIGINT', nullable: true },
          { name: 'comment', type: 'VARCHAR', nullable: true },
          { name: 'score', type: 'BIGINT', nullable: true },
        ]);
        await adapter.withScan!(connection, `csv/${file}`, CALL, async (scan) => {
          const counted = await scan.query('SELECT count(*) AS n, count(score) AS scored FROM target', 1);
          expect(counted.rows).toEqual([{ n: 4, scored: 3 }]);
        });
      });

      it('answers a file not in the suite encoding as invalid, reason encoding, in our words', async () => {
        const { adapter, connection } = subject();
        const cases: Array<[string, FileEncoding | undefined]> = [
          ['latin1_cities.csv', undefined],
          ['latin1_cities.csv', 'utf-16'],
          ['utf16le_bom_cities.csv', undefined],
          ['utf16le_bom_cities.csv', 'latin-1'],
          ['crlf_quoted_lf.csv', 'utf-16'],
        ];
        for (const [file, fileEncoding] of cases) {
          const options = { ...CALL, fileEncoding };
          const errors = [
            await failure(adapter.columns(connection, `csv/${file}`, options)),
            await failure(
              adapter.scan!(connection, `csv/${file}`, 'SELECT count(*) FROM target', {
                ...options,
                maxRows: 1,
              }),
            ),
            await failure(
              adapter.withScan!(connection, `csv/${file}`, options, (scan) =>
                scan.query('SELECT 1 FROM target', 1),
              ),
            ),
          ];
          // A session that reads no content (file arrivals only) is not failed by it.
          expect(
            await adapter.withScan!(connection, `csv/${file}`, options, async () => 'no statement'),
          ).toBe('no statement');
          for (const error of errors) {
            expect(error.errorClass).toBe('invalid');
            expect(error.detail).toEqual({
              reason: 'encoding',
              encoding: fileEncoding ?? 'utf-8',
              supported: ['utf-8', 'utf-16', 'latin-1'],
            });
            expect(error.message).toContain("the suite's file_encoding may be utf-8, utf-16, latin-1");
            expectNoEngineText(error.message);
          }
        }
      });

      it.each(UNREADABLE)('refuses %s as csv_dialect rather than read it as one column', async (file) => {
        const { adapter, connection } = subject();
        const errors = [
          await failure(adapter.columns(connection, `csv/${file}`, CALL)),
          await failure(
            adapter.scan!(connection, `csv/${file}`, 'SELECT count(*) FROM target', { ...CALL, maxRows: 1 }),
          ),
        ];
        for (const error of errors) {
          expect(error).toMatchObject({ errorClass: 'invalid', detail: { reason: 'csv_dialect' } });
          expectNoEngineText(error.message);
        }
      });

      it('lists and dates an undecodable file without reading its content', async () => {
        const { adapter, connection } = subject();
        const files = await adapter.listFiles!(connection, 'csv/latin1_cities.csv', CALL);
        expect(files).toEqual([expect.objectContaining({ path: 'csv/latin1_cities.csv', size: 37 })]);
        const metadata = await adapter.metadata!(connection, 'csv/latin1_cities.csv', CALL);
        expect(metadata.last_modified_at).toBe(files[0]?.last_modified_at);
      });
    });
  }
});
