/**
 * A flat-file suite's `file_encoding` through the gateway and the runner, on the object store (O,
 * moto) and the file store (F, Azurite): refused where it does not apply, a file not in the
 * suite's encoding answered as `invalid` with `detail.reason: encoding` in our words (never
 * DuckDB's), read right once the suite names its encoding, a file-arrival check passing on content
 * it cannot decode, a CSV trap (quoted lines, a ragged last record) giving the schema baseline the
 * file's real header, and the field carried by export and import.
 */
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import {
  type AppProcess,
  type AzuritePeer,
  call,
  createS3PeerBucket,
  createS3PeerUser,
  enableS3PeerAuth,
  GatewayWorld,
  putS3PeerObject,
  type S3Peer,
  startAzuritePeer,
  startS3Peer,
} from '@dq/testing';

const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };
const FIXTURES = path.resolve(__dirname, '../../../fixtures/csv-parquet/csv');
const FILES = ['latin1_cities.csv', 'utf16le_bom_cities.csv', 'quoted_multiline_ragged_last.csv'];
const CITIES = ['Z\u00fcrich', 'S\u00f8borg', 'Besan\u00e7on'];
const ENGINE_TEXT =
  /DESCRIBE|read_csv|SELECT \*|LINE \d|Possible (Solution|fixes)|Single-Line File|encoding\s*=|ignore_errors|Original Line/;

interface ErrorBody {
  error: { code: string; message: string; detail: Record<string, unknown> };
}

function fieldsOf(body: unknown): string[] {
  const fields = (body as ErrorBody).error.detail['fields'] as { field: string }[] | undefined;
  return (fields ?? []).map((field) => field.field);
}

describe('suite file encoding', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let moto: S3Peer;
  let azurite: AzuritePeer;
  let api: string;
  let owner: string;
  const connections: Record<'O' | 'F' | 'P', string> = { O: '', F: '', P: '' };

  async function connection(body: Record<string, unknown>): Promise<string> {
    const admin = await world.mintToken('admin@example.test', 'admin');
    const created = await call(api, 'POST', '/connections', { token: admin, body });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  async function suite(connectionId: string, target: string, extra: Record<string, unknown> = {}) {
    return call(api, 'POST', '/suites', {
      token: owner,
      body: { name: `suite-${randomUUID()}`, connection_id: connectionId, target, ...extra },
    });
  }

  async function createdSuite(connectionId: string, target: string, extra: Record<string, unknown> = {}) {
    const created = await suite(connectionId, target, extra);
    expect(created.status).toBe(201);
    return created.body as { id: string; file_encoding: string | null };
  }

  async function addCheck(suiteId: string, body: Record<string, unknown>): Promise<string> {
    const created = await call(api, 'POST', `/suites/${suiteId}/checks`, { token: owner, body });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  /** Triggers a run, waits for its end, answers its status and results by check id. */
  async function run(suiteId: string) {
    const triggered = await call(api, 'POST', `/suites/${suiteId}/run`, { token: owner });
    expect(triggered.status).toBe(201);
    const runId = (triggered.body as { id: string }).id;
    let status = 'queued';
    for (
      let attempt = 0;
      attempt < 300 && !['succeeded', 'failed', 'cancelled'].includes(status);
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ status }] = await world.db.query<{ status: string }[]>('SELECT status FROM runs WHERE id = $1', [
        runId,
      ]);
    }
    const rows = await world.db.query<
      { check_id: string; outcome: string; metric_value: number | null; detail: Record<string, unknown> }[]
    >('SELECT check_id, outcome, metric_value, detail FROM run_results WHERE run_id = $1', [runId]);
    return { status, results: new Map(rows.map((row) => [row.check_id, row])) };
  }

  beforeAll(async () => {
    world = await GatewayWorld.create('suite-file-encoding');
    [moto, azurite] = await Promise.all([startS3Peer(), startAzuritePeer()]);
    const key = await createS3PeerUser(moto, { allowS3: true });
    await createS3PeerBucket(moto, 'encodings');
    const container = new ContainerClient(
      `${azurite.accountUrl}/encodings`,
      new StorageSharedKeyCredential(azurite.accountName, azurite.accountKey),
    );
    await container.create();
    for (const file of FILES) {
      const bytes = await readFile(path.join(FIXTURES, file));
      await putS3PeerObject(moto, 'encodings', `landing/${file}`, bytes);
      await container.getBlockBlobClient(`landing/${file}`).uploadData(bytes);
    }
    await enableS3PeerAuth(moto);
    [gateway] = await Promise.all([
      world.startGateway({ ...LOOPBACK, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' }),
      world.startRunner(LOOPBACK),
    ]);
    api = `${gateway.url}/api/v1`;
    owner = await world.mintToken('owner@example.test', 'member');
    connections.O = await connection({
      name: 'landing-s3',
      kind: 'object_store',
      config: { bucket: 'encodings', endpoint_url: moto.endpoint, force_path_style: true },
      credential: { access_key_id: key.accessKeyId, secret_access_key: key.secretAccessKey },
    });
    connections.F = await connection({
      name: 'landing-adls',
      kind: 'file_store',
      config: { account_url: azurite.accountUrl, filesystem: 'encodings' },
      credential: { account_key: azurite.accountKey },
    });
    connections.P = await connection({
      name: 'local-pg',
      kind: 'postgres',
      config: { host: '127.0.0.1', port: 5432, database: 'postgres', user: 'postgres', sslmode: 'disable' },
      credential: { password: 'unused-with-trust' },
    });
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await Promise.all([moto?.stop(), azurite?.stop()]);
  });

  it('refuses file_encoding on a suite that reads no files, and any value but utf-8, utf-16, latin-1 (422 naming the field)', async () => {
    const onTable = await suite(connections.P, 'public.orders', { file_encoding: 'latin-1' });
    expect(onTable.status).toBe(422);
    expect(fieldsOf(onTable.body)).toEqual(['file_encoding']);
    const unknown = await suite(connections.O, 'landing/latin1_cities.csv', { file_encoding: 'utf-32' });
    expect(unknown.status).toBe(422);
    expect(fieldsOf(unknown.body)).toContain('file_encoding');

    const table = await createdSuite(connections.P, 'public.orders');
    expect(table.file_encoding).toBeNull();
    const patched = await call(api, 'PATCH', `/suites/${table.id}`, {
      token: owner,
      body: { file_encoding: 'utf-16' },
    });
    expect(patched.status).toBe(422);
    expect(fieldsOf(patched.body)).toEqual(['file_encoding']);

    const file = await createdSuite(connections.F, 'landing/latin1_cities.csv');
    expect(file.file_encoding).toBe('utf-8');
    const bad = await call(api, 'PATCH', `/suites/${file.id}`, {
      token: owner,
      body: { file_encoding: 'cp1252' },
    });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body)).toContain('file_encoding');
    // Nothing was stored by the refusals.
    const [{ count }] = await world.db.query<{ count: string }[]>(
      `SELECT count(*) FROM suites WHERE file_encoding IS NOT NULL`,
    );
    expect(count).toBe('0');
  });

  for (const kind of ['O', 'F'] as const) {
    it(`${kind}: answers a file not in the suite's encoding as invalid (reason encoding), reads it once the suite names it`, async () => {
      const created = await createdSuite(connections[kind], 'landing/latin1_cities.csv');
      const columns = await call(api, 'GET', `/suites/${created.id}/columns`, { token: owner });
      expect(columns.status).toBe(422);
      const error = (columns.body as ErrorBody).error;
      expect(error.detail).toMatchObject({ class: 'invalid', reason: 'encoding', encoding: 'utf-8' });
      expect(error.message).toContain("the suite's file_encoding may be utf-8, utf-16, latin-1");
      expect(columns.text).not.toMatch(ENGINE_TEXT);

      const arrival = await addCheck(created.id, {
        name: 'arrived',
        kind: 'freshness',
        config: { fail_after_hours: 24 },
      });
      const cityPresent = await addCheck(created.id, {
        name: 'city present',
        kind: 'expectation',
        config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'city' } },
      });
      const rows = await addCheck(created.id, {
        name: 'rows',
        kind: 'volume',
        config: { min_rows: 3, max_rows: 3 },
      });
      const undecoded = await run(created.id);
      expect(undecoded.status).toBe('succeeded');
      // The file arrived: that needs no content, so the undecodable content does not fail it.
      expect(undecoded.results.get(arrival)?.outcome).toBe('pass');
      for (const id of [cityPresent, rows]) {
        expect(undecoded.results.get(id)).toMatchObject({
          outcome: 'error',
          detail: expect.objectContaining({ reason: 'encoding', class: 'invalid' }),
        });
        expect(JSON.stringify(undecoded.results.get(id)?.detail)).not.toMatch(ENGINE_TEXT);
      }

      const patched = await call(api, 'PATCH', `/suites/${created.id}`, {
        token: owner,
        body: { file_encoding: 'latin-1' },
      });
      expect(patched.status).toBe(200);
      expect((patched.body as { file_encoding: string }).file_encoding).toBe('latin-1');
      const read = await call(api, 'GET', `/suites/${created.id}/columns`, { token: owner });
      expect(read.status).toBe(200);
      expect((read.body as { name: string }[]).map((column) => column.name)).toEqual(['id', 'city']);
      const profile = await call(api, 'POST', `/suites/${created.id}/profile`, {
        token: owner,
        body: { columns: ['city'], top_values: 3 },
      });
      expect(profile.status).toBe(200);
      expect((profile.body as { row_count: number }).row_count).toBe(3);
      // A comparison with the same file on the same connection reads both sides in the suite's encoding.
      const sameFile = await addCheck(created.id, {
        name: 'same as itself',
        kind: 'comparison',
        config: {
          baseline_connection_id: connections[kind],
          baseline: { target: 'landing/latin1_cities.csv' },
          key_columns: ['id'],
        },
      });
      const decoded = await run(created.id);
      expect(decoded.status).toBe('succeeded');
      expect([arrival, cityPresent, rows, sameFile].map((id) => decoded.results.get(id)?.outcome)).toEqual([
        'pass',
        'pass',
        'pass',
        'pass',
      ]);
      expect(decoded.results.get(rows)?.metric_value).toBe(3);
    });

    it(`${kind}: reads a UTF-16 file with file_encoding utf-16, the values as written`, async () => {
      const created = await createdSuite(connections[kind], 'landing/utf16le_bom_cities.csv', {
        file_encoding: 'utf-16',
      });
      expect(created.file_encoding).toBe('utf-16');
      const dryRun = await call(api, 'POST', `/suites/${created.id}/checks/dryrun`, {
        token: owner,
        body: {
          name: 'known cities',
          kind: 'expectation',
          config: {
            expectation_type: 'expect_column_values_to_be_in_set',
            kwargs: { column: 'city', value_set: CITIES },
          },
        },
      });
      expect(dryRun.status).toBe(200);
      expect(dryRun.body).toMatchObject({ outcome: 'pass' });
    });

    it(`${kind}: captures the schema baseline of a CSV with quoted lines and a ragged last record from its real header`, async () => {
      const created = await createdSuite(connections[kind], 'landing/quoted_multiline_ragged_last.csv');
      const drift = await addCheck(created.id, { name: 'schema', kind: 'schema_drift', config: {} });
      const rows = await addCheck(created.id, {
        name: 'rows',
        kind: 'volume',
        config: { min_rows: 6, max_rows: 6 },
      });
      const result = await run(created.id);
      expect(result.status).toBe('succeeded');
      expect(result.results.get(rows)).toMatchObject({ outcome: 'pass', metric_value: 6 });
      const baseline = await call(api, 'GET', `/suites/${created.id}/checks/${drift}/baseline`, {
        token: owner,
      });
      expect(
        (baseline.body as { baseline: { columns: { name: string }[] } }).baseline.columns.map(
          (column) => column.name,
        ),
      ).toEqual(['id', 'comment', 'score']);
    });
  }

  it('the OpenAPI document states file_encoding and its values on create and update', async () => {
    const docs = await fetch(`${gateway.url}/api/v1/openapi.json`);
    expect(docs.status).toBe(200);
    const schemas = (
      (await docs.json()) as { components: { schemas: Record<string, { properties?: object }> } }
    ).components.schemas;
    for (const dto of ['CreateSuiteRequest', 'UpdateSuiteRequest'])
      expect(schemas[dto]?.properties).toMatchObject({
        file_encoding: { type: ['string', 'null'], enum: ['utf-8', 'utf-16', 'latin-1', null] },
      });
  });

  it('carries file_encoding through export and import, and refuses it onto a connection that reads no files', async () => {
    const created = await createdSuite(connections.O, 'landing/latin1_cities.csv', {
      file_encoding: 'latin-1',
    });
    const exported = await call(api, 'GET', `/suites/${created.id}/export`, { token: owner });
    expect(exported.status).toBe(200);
    const document = exported.body as { suite: Record<string, unknown> };
    expect(document.suite['file_encoding']).toBe('latin-1');

    const renamed = { ...document, suite: { ...document.suite, name: `imported-${randomUUID()}` } };
    const imported = await call(api, 'POST', '/suites/import', { token: owner, body: renamed });
    expect(imported.status).toBe(201);
    const importedId = (imported.body as { suite: { id: string } }).suite.id;
    const read = await call(api, 'GET', `/suites/${importedId}`, { token: owner });
    expect((read.body as { file_encoding: string }).file_encoding).toBe('latin-1');
    const again = await call(api, 'GET', `/suites/${importedId}/export`, { token: owner });
    expect((again.body as { suite: Record<string, unknown> }).suite['file_encoding']).toBe('latin-1');

    const onTable = await call(api, 'POST', '/suites/import', {
      token: owner,
      body: {
        document: {
          ...document,
          suite: {
            ...document.suite,
            name: `imported-${randomUUID()}`,
            target: 'public.orders',
            connection: { name: 'local-pg', kind: 'postgres' },
          },
        },
      },
    });
    expect(onTable.status).toBe(422);
    expect(fieldsOf(onTable.body)).toEqual(['document.suite.file_encoding']);
    const unknown = await call(api, 'POST', '/suites/import', {
      token: owner,
      body: {
        ...document,
        suite: { ...document.suite, name: `imported-${randomUUID()}`, file_encoding: 'utf-32' },
      },
    });
    expect(unknown.status).toBe(422);
    expect(fieldsOf(unknown.body)).toEqual(['document.suite.file_encoding']);
  });
});
