import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@dq/contracts';
import { EgressGuard } from '@dq/security';
import {
  ICEBERG_FIXTURES_DIR,
  ICEBERG_NESTED_NAMESPACE,
  ICEBERG_NESTED_TABLE,
  type GeneratedIcebergTable,
  type IcebergCatalogPeer,
  freePort,
  startIcebergCatalogPeer,
} from '@dq/testing';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';
import { DuckDbEngine } from '../flat-files/duckdb-engine';
import { IcebergAdapter } from './iceberg-adapter';
import { IcebergCall } from './iceberg-call';
import { IcebergRestClient, icebergCatalogSettings } from './iceberg-rest-client';

const TOKEN = `tok-${randomBytes(12).toString('hex')}`;
const LIMITED_TOKEN = `lim-${randomBytes(12).toString('hex')}`;
const CLIENT_ID = 'dq-runner-client';
const CLIENT_SECRET = `cs-${randomBytes(12).toString('hex')}`;
const CALL = { timeoutMs: 20_000 };
const SCAN = { timeoutMs: 30_000, maxRows: 100 };

/** Live rows of each fixture table with every delete file honoured (checked against pyiceberg where it can read). */
const EXPECTED_ROWS: Readonly<Record<string, number>> = {
  'spark-v1-partitioned': 3,
  'pyiceberg-v1-overwrite': 4,
  'pyiceberg-v2-schema-evolution': 3,
  'java-v2-equality-deletes-partitioned': 3,
  'spark-v2-equality-deletes-messy-history': 2,
};

const EXPECTED_COLUMNS: Readonly<Record<string, string[]>> = {
  'spark-v1-partitioned': ['id:int', 'category:string', 'amount:int'],
  'pyiceberg-v1-overwrite': ['id:long', 'league:string', 'ats_qty:long'],
  'pyiceberg-v2-schema-evolution': [
    'col1:string',
    'col_boolean:boolean',
    'col_integer:int',
    'col_long:long',
    'col_float:float',
    'col_double:double',
    'col_decimal:decimal(16, 2)',
    'col_date:date',
    'col_time:time',
    'col_timestamp:timestamp',
    'col_timestamptz:timestamptz',
    'col_string:string',
    'col_uuid:uuid',
    'col_fixed:fixed[5]',
    'col_binary:binary',
  ],
  'java-v2-equality-deletes-partitioned': ['id:int', 'name:string', 'bir:date'],
  'spark-v2-equality-deletes-messy-history': ['id:int', 'name:string', 'bir:date'],
};

describe('IcebergAdapter against a REST catalog and S3 on loopback', () => {
  const egress = new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test', logger: { warn: () => 0 } });
  const adapter = new IcebergAdapter({ egress });
  const thrown: unknown[] = [];
  let peer: IcebergCatalogPeer;
  let positional: GeneratedIcebergTable;

  function connection(
    config: Record<string, unknown> = {},
    credential: Record<string, unknown> | null = { value: TOKEN },
  ): DatasourceConnection {
    return {
      id: null,
      kind: 'iceberg_catalog',
      config: { catalog_uri: peer.catalogUri, secret_property: 'token', ...config },
      credential,
    };
  }

  /** The classified failure of `call`, remembered so every message can be checked for leaks. */
  async function failure(call: Promise<unknown>): Promise<DatasourceError> {
    const error = await call.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    thrown.push(error);
    expect(error).toBeInstanceOf(DatasourceError);
    return error as DatasourceError;
  }

  async function count(target: string, conn = connection()): Promise<number> {
    const result = await adapter.scan(conn, target, 'SELECT count(*) AS n FROM target', SCAN);
    return Number(result.rows[0]?.['n']);
  }

  beforeAll(async () => {
    peer = await startIcebergCatalogPeer({
      token: TOKEN,
      limitedTokens: { [LIMITED_TOKEN]: ['nested.level2'] },
      clients: { [CLIENT_ID]: CLIENT_SECRET },
    });
    positional = await peer.addPositionDeletesTable();
  }, 180_000);

  afterAll(async () => {
    await peer?.stop();
    egress.destroy();
  });

  describe('test', () => {
    it('authenticates with the bearer token, reads the config and counts the top-level namespaces', async () => {
      // fixtures, nested (nested.level2) and generated (the position-deletes table).
      await expect(adapter.test(connection(), CALL)).resolves.toEqual({
        catalog_reachable: true,
        namespaces: 3,
      });
      expect(peer.server.requests).toEqual(
        expect.arrayContaining(['GET /v1/config', 'GET /v1/warehouse/namespaces']),
      );
    });

    it('exchanges client credentials for a token at /v1/oauth/tokens (secret_property credential)', async () => {
      const oauth = connection({ secret_property: 'credential' }, { value: `${CLIENT_ID}:${CLIENT_SECRET}` });
      await expect(adapter.test(oauth, CALL)).resolves.toMatchObject({ catalog_reachable: true });
      const wrong = connection({ secret_property: 'credential' }, { value: `${CLIENT_ID}:nope` });
      expect((await failure(adapter.test(wrong, CALL))).errorClass).toBe('auth');
    });

    it('classifies a wrong token as auth and a missing one too', async () => {
      expect((await failure(adapter.test(connection({}, { value: 'wrong-token' }), CALL))).errorClass).toBe(
        'auth',
      );
      expect((await failure(adapter.test(connection({}, null), CALL))).errorClass).toBe('auth');
    });

    it('classifies a closed port and an unknown host as unreachable', async () => {
      const closed = `http://127.0.0.1:${await freePort()}`;
      expect((await failure(adapter.test(connection({ catalog_uri: closed }), CALL))).errorClass).toBe(
        'unreachable',
      );
      const unknown = connection({ catalog_uri: 'http://catalog.does-not-exist.invalid:8181' });
      expect((await failure(adapter.test(unknown, CALL))).errorClass).toBe('unreachable');
    });

    it('lets a strict egress guard refuse the loopback catalog with 422 url_forbidden, unwrapped', async () => {
      const strict = new IcebergAdapter({ egress: new EgressGuard({ logger: { warn: () => 0 } }) });
      const error: unknown = await strict.test(connection(), CALL).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'url_forbidden', status: 422, detail: { field: 'catalog_uri' } });
    });

    it('refuses a call already cancelled, and one out of time, with those classes', async () => {
      const controller = new AbortController();
      controller.abort();
      expect(
        (await failure(adapter.test(connection(), { ...CALL, signal: controller.signal }))).errorClass,
      ).toBe('cancelled');
      expect((await failure(adapter.test(connection(), { timeoutMs: 1 }))).errorClass).toBe('timeout');
    });
  });

  describe('columns and not-found', () => {
    it('reports the current schema of every fixture table with Iceberg type names', async () => {
      expect(peer.tables.sort()).toEqual(Object.keys(EXPECTED_COLUMNS).sort());
      for (const table of peer.tables) {
        const columns = await adapter.columns(connection(), `fixtures.${table}`, CALL);
        expect(columns.map((column) => `${column.name}:${column.type}`)).toEqual(EXPECTED_COLUMNS[table]);
      }
      const java = await adapter.columns(connection(), 'fixtures.java-v2-equality-deletes-partitioned', CALL);
      expect(java.map((column) => column.nullable)).toEqual([false, true, true]);
    });

    it('classifies an unknown namespace and an unknown table as not_found, a bad target as invalid', async () => {
      expect((await failure(adapter.columns(connection(), 'nowhere.orders', CALL))).errorClass).toBe(
        'not_found',
      );
      expect((await failure(adapter.columns(connection(), 'fixtures.no_such_table', CALL))).errorClass).toBe(
        'not_found',
      );
      expect((await failure(adapter.metadata(connection(), 'fixtures.no_such_table', CALL))).errorClass).toBe(
        'not_found',
      );
      expect((await failure(adapter.columns(connection(), 'just_a_table', CALL))).errorClass).toBe('invalid');
    });

    it('classifies a token without a grant on the namespace as permission', async () => {
      const limited = connection({}, { value: LIMITED_TOKEN });
      expect(await count(`${ICEBERG_NESTED_NAMESPACE.join('.')}.${ICEBERG_NESTED_TABLE}`, limited)).toBe(3);
      expect(
        (await failure(adapter.columns(limited, 'fixtures.spark-v1-partitioned', CALL))).errorClass,
      ).toBe('permission');
    });

    it('keeps snapshot ids beyond 2^53 exact from the catalog answer to the parsed metadata', async () => {
      const settings = icebergCatalogSettings(connection());
      const client = new IcebergRestClient({ egress }, settings, new IcebergCall(CALL));
      await client.connect();
      const loaded = await client.loadTable({ namespace: ['fixtures'], table: 'spark-v1-partitioned' });
      expect(loaded.metadata.currentSnapshot?.snapshotId).toBe('2456114553637229296');
      expect(BigInt('2456114553637229296') > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
      expect(loaded.metadataLocation).toBe(
        `s3://${peer.bucket}/warehouse/fixtures/spark-v1-partitioned/metadata/v2.metadata.json`,
      );
      expect(loaded.config['s3.endpoint']).toBe(peer.s3.endpoint);
    });
  });

  describe('scan', () => {
    it('counts the live rows of every fixture table with delete files honoured', async () => {
      for (const table of peer.tables)
        expect([table, await count(`fixtures.${table}`)]).toEqual([table, EXPECTED_ROWS[table]]);
    });

    it('v2 equality deletes: a delete applies within its partition to older files only', async () => {
      const partitioned = await adapter.scan(
        connection(),
        'fixtures.java-v2-equality-deletes-partitioned',
        'SELECT id, name, CAST(bir AS VARCHAR) AS bir FROM target ORDER BY id',
        SCAN,
      );
      expect(partitioned.rows).toEqual([
        { id: 1, name: 'a', bir: '2025-01-01' },
        { id: 4, name: 'd', bir: '2025-01-04' },
        { id: 5, name: 'e', bir: '2025-01-05' },
      ]);
      // Unpartitioned: deletes by id, by name and by (id, name); `f` (sequence 5) falls to the sequence-6 delete.
      const messy = await adapter.scan(
        connection(),
        'fixtures.spark-v2-equality-deletes-messy-history',
        'SELECT name FROM target ORDER BY name',
        SCAN,
      );
      expect(messy.rows).toEqual([{ name: 'd' }, { name: 'e' }]);
    });

    it('v1 with inline manifests and pyiceberg overwrite: the live files only', async () => {
      const v1 = await adapter.scan(
        connection(),
        'fixtures.spark-v1-partitioned',
        'SELECT id, category, amount FROM target ORDER BY id',
        SCAN,
      );
      expect(v1.rows).toEqual([
        { id: 1, category: 'alpha', amount: 10 },
        { id: 2, category: 'beta', amount: 20 },
        { id: 3, category: 'alpha', amount: null },
      ]);
      const overwrite = await adapter.scan(
        connection(),
        'fixtures.pyiceberg-v1-overwrite',
        'SELECT id, league, ats_qty FROM target ORDER BY id',
        SCAN,
      );
      expect(overwrite.rows.map((row) => row['id'])).toEqual([2, 3, 4, 6]);
    });

    it('schema evolution: rows of the older file take each added column’s initial-default', async () => {
      const result = await adapter.scan(
        connection(),
        'fixtures.pyiceberg-v2-schema-evolution',
        `SELECT col1, col_boolean, col_integer, col_long, col_decimal, CAST(col_date AS VARCHAR) AS col_date,
                CAST(col_time AS VARCHAR) AS col_time, col_string, CAST(col_uuid AS VARCHAR) AS col_uuid,
                hex(col_fixed) AS col_fixed, hex(col_binary) AS col_binary
         FROM target ORDER BY col1`,
        SCAN,
      );
      expect(result.rows).toEqual([
        {
          col1: 'click',
          col_boolean: true,
          col_integer: 342342,
          col_long: '-9223372036854775808',
          col_decimal: 12345,
          col_date: '2003-10-20',
          col_time: '00:00:00.012345',
          col_string: 'HELLO',
          col_uuid: 'f79c3e09-677c-4bbd-a479-3f349cb785e7',
          col_fixed: '010203FF03',
          col_binary: '0102',
        },
        expect.objectContaining({ col1: 'purchase', col_integer: 342342, col_string: 'HELLO' }),
        expect.objectContaining({
          col1: 'test',
          col_boolean: false,
          col_integer: 453243,
          col_string: 'World',
          col_uuid: '020d4fc7-acd6-45ac-b216-7873f4038e1f',
        }),
      ]);
    });

    it('v2 position deletes (a pyiceberg-written table): the rows pyiceberg reads, by file path and row number', async () => {
      // pyiceberg applies the position deletes itself: its answer is the oracle.
      expect(positional).toMatchObject({ target: 'generated.position_deletes', rows: 4, ids: [1, 3, 6, 7] });
      const result = await adapter.scan(
        connection(),
        positional.target,
        'SELECT id, label FROM target ORDER BY id',
        SCAN,
      );
      expect(result.rows.map((row) => row['id'])).toEqual(positional.ids);
      expect(result.rows).toContainEqual({ id: 7, label: null });
      expect(await count(positional.target)).toBe(positional.rows);
      expect(await adapter.metadata(connection(), positional.target, CALL)).toMatchObject({ row_count: 4 });
    });

    it('reads data files by ranges with the rows of whole downloads, fetching less for a column subset', async () => {
      // Footers read on their own (8 bytes first), never a file whole: the fixture files are small.
      const ranged = new IcebergAdapter(
        { egress },
        { unfetchedByte: 0xa5, tailBytes: 8, wholeObjectBytes: -1 },
      );
      const whole = new IcebergAdapter({ egress }, { wholeDownloads: true });
      const rowsOf = async (
        reader: IcebergAdapter,
        target: string,
        statements: string[],
      ): Promise<{ rows: unknown[]; bytes: number }> => {
        const transfer = { bytes: 0, requests: 0 };
        const rows = await reader.withScan(connection(), target, { ...CALL, transfer }, async (scan) => {
          const answers: unknown[] = [];
          for (const sql of statements) answers.push((await scan.query(sql, 1000)).rows);
          return answers;
        });
        return { rows, bytes: transfer.bytes };
      };
      for (const target of [...peer.tables.map((table) => `fixtures.${table}`), positional.target]) {
        const names = (await adapter.columns(connection(), target, CALL)).map((column) => `"${column.name}"`);
        const statements = [
          ...names.map((name) => `SELECT ${name} FROM target ORDER BY ALL`),
          `SELECT count(*) AS n FROM target`,
          `SELECT count(${names.at(-1) ?? '*'}) AS n FROM target WHERE ${names[0] ?? 'TRUE'} IS NOT NULL`,
          'SELECT * FROM target ORDER BY ALL',
        ];
        const expected = await rowsOf(whole, target, statements);
        expect({ target, rows: (await rowsOf(ranged, target, statements)).rows }).toEqual({
          target,
          rows: expected.rows,
        });
      }
      const wide = 'fixtures.pyiceberg-v2-schema-evolution';
      const one = ['SELECT count(col_integer) AS n FROM target'];
      const [rangedOne, wholeOne] = [await rowsOf(ranged, wide, one), await rowsOf(whole, wide, one)];
      expect(rangedOne.rows).toEqual(wholeOne.rows);
      expect(rangedOne.bytes).toBeGreaterThan(0);
      expect(rangedOne.bytes).toBeLessThan(wholeOne.bytes);
    });

    it('counts the catalog requests of a call with its file reads', async () => {
      const target = `fixtures.${peer.tables[0]}`;
      const catalogOnly = { bytes: 0, requests: 0 };
      await adapter.columns(connection(), target, { ...CALL, transfer: catalogOnly });
      // The config and the table's load, at least; the answers' bytes with them.
      expect(catalogOnly.requests).toBeGreaterThanOrEqual(2);
      expect(catalogOnly.bytes).toBeGreaterThan(0);
      const scanned = { bytes: 0, requests: 0 };
      await adapter.scan(connection(), target, 'SELECT count(*) AS n FROM target', {
        ...SCAN,
        transfer: scanned,
      });
      // The same catalog requests, then the metadata, manifests and data files.
      expect(scanned.requests).toBeGreaterThan(catalogOnly.requests);
      expect(scanned.bytes).toBeGreaterThan(catalogOnly.bytes);
    });

    it('reads a table of a multi-level namespace (the last segment is the table)', async () => {
      expect(await count(`${ICEBERG_NESTED_NAMESPACE.join('.')}.${ICEBERG_NESTED_TABLE}`)).toBe(3);
    });

    it('reads a hyphenated table plain, and a dotted namespace and table double-quoted', async () => {
      // Every fixture table's name holds a hyphen: no quotes needed.
      const hyphenated = await count('fixtures.pyiceberg-v1-overwrite');
      expect(hyphenated).toBeGreaterThan(0);
      // The same table served as namespace `lake.v2`, table `orders.v1-overwrite`: the REST path
      // carries each level whole (no split at its dots), the table name whole too.
      await peer.addTable(
        ['lake.v2'],
        'orders.v1-overwrite',
        path.join(ICEBERG_FIXTURES_DIR, 'pyiceberg-v1-overwrite'),
      );
      expect(await count('"lake.v2"."orders.v1-overwrite"')).toBe(hyphenated);
      expect(
        (await adapter.columns(connection(), '"lake.v2"."orders.v1-overwrite"', CALL)).length,
      ).toBeGreaterThan(0);
      // Unquoted, the dots split the name into other levels that do not exist.
      expect(
        (await failure(adapter.columns(connection(), 'lake.v2.orders.v1-overwrite', CALL))).errorClass,
      ).toBe('not_found');
      expect((await failure(adapter.columns(connection(), 'lake."v2', CALL))).errorClass).toBe('invalid');
    });

    it('refuses a table whose metadata points at the runner’s local disk (file://) as invalid', async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'dq-iceberg-local-'));
      try {
        const source = path.join(
          ICEBERG_FIXTURES_DIR,
          'spark-v1-partitioned',
          'metadata',
          'v2.metadata.json',
        );
        const text = (await readFile(source, 'utf8')).replace(
          /"data\/persistent\/[^"]*-m0\.avro"/,
          '"file:///etc/hosts"',
        );
        expect(text).toContain('file:///etc/hosts');
        await mkdir(path.join(dir, 'metadata'));
        await writeFile(path.join(dir, 'metadata', 'v1.metadata.json'), text);
        await peer.addTable(['local'], 'reads_runner_disk', dir);
        const error = await failure(adapter.scan(connection(), 'local.reads_runner_disk', 'SELECT 1', SCAN));
        expect(error.errorClass).toBe('invalid');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('cancels a running scan on abort and removes its spooled files', async () => {
      const controller = new AbortController();
      const running = adapter.scan(
        connection(),
        'fixtures.java-v2-equality-deletes-partitioned',
        'SELECT count(*) FROM target',
        { ...SCAN, signal: controller.signal },
      );
      setTimeout(() => controller.abort(), 15);
      expect((await failure(running)).errorClass).toBe('cancelled');
      const engine = DuckDbEngine.shared({});
      expect((await readdir(engine.workDir)).filter((name) => name.startsWith('call-'))).toEqual([]);
    });

    it('caps rows at maxRows and refuses queries that reach past the view', async () => {
      const capped = await adapter.scan(
        connection(),
        'fixtures.pyiceberg-v1-overwrite',
        'SELECT * FROM target',
        {
          ...SCAN,
          maxRows: 2,
        },
      );
      expect(capped.rows).toHaveLength(2);
      expect(capped.truncated).toBe(true);
      const escape = adapter.scan(
        connection(),
        'fixtures.pyiceberg-v1-overwrite',
        "SELECT * FROM read_csv('/etc/passwd')",
        SCAN,
      );
      expect((await failure(escape)).errorClass).toBe('invalid');
    });
  });

  describe('metadata', () => {
    it('row count from the snapshot summary (minus deletes) and freshness from its commit time', async () => {
      expect(await adapter.metadata(connection(), 'fixtures.spark-v1-partitioned', CALL)).toEqual({
        row_count: 3,
        last_modified_at: new Date(1786003392801).toISOString(),
        row_count_exact: true,
      });
      expect(
        await adapter.metadata(connection(), 'fixtures.spark-v2-equality-deletes-messy-history', CALL),
      ).toEqual({
        row_count: 2,
        last_modified_at: expect.stringMatching(/^2025-09-26T/) as unknown,
        // Equality deletes: the summary bounds the count but does not give it.
        row_count_exact: false,
      });
      const overwrite = await adapter.metadata(connection(), 'fixtures.pyiceberg-v1-overwrite', CALL);
      expect(overwrite).toEqual({
        row_count: 4,
        last_modified_at: new Date(1781274994808).toISOString(),
        row_count_exact: true,
      });
    });
  });

  it('never shows the token, the client secret, the storage endpoint or a path in an error message', () => {
    expect(thrown.length).toBeGreaterThanOrEqual(12);
    for (const error of thrown) {
      const message = (error as Error).message;
      for (const secret of [
        TOKEN,
        LIMITED_TOKEN,
        CLIENT_SECRET,
        '127.0.0.1',
        'does-not-exist',
        's3://',
        peer.bucket,
        '/etc/',
        os.tmpdir(),
      ])
        expect(message).not.toContain(secret);
    }
  });
});
