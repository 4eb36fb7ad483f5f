/**
 * Suites, shares and checks through a real gateway: ownership, the hidden-suite 404, share caps,
 * the datasource support matrix on check create, numbered versions and restore, snooze, history,
 * baselines, export/import for environment promotion, and the audit trail. Nothing is half
 * written: every refused call leaves the state as it was.
 */
import { randomUUID } from 'node:crypto';
import { type AppProcess, call, GatewayWorld } from '@dq/testing';

const SECRET = 'suite-e2e-secret-Qv7!';

interface Suite {
  id: string;
  name: string;
  owner_id: string;
  my_grant: string;
  check_count: number;
  target: string;
  target_format: string | null;
  is_batch_pattern: boolean;
  connection_kind: string;
}

interface Check {
  id: string;
  version: number;
  name: string;
  kind: string;
  engine: string | null;
  dimension: string;
  thresholds: Record<string, unknown> | null;
  config: Record<string, unknown>;
  snoozed_until: string | null;
  caveats: { code: string }[];
}

interface ErrorBody {
  error: { code: string; message: string; detail: Record<string, unknown> };
}

const NOT_NULL = {
  name: 'order id present',
  kind: 'expectation',
  config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'order_id' } },
};

interface OpenApiOperation {
  responses: Record<string, { description: string } | undefined>;
  requestBody?: { description?: string };
}

describe('suites and checks', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  const tokens: Record<'admin' | 'owner' | 'member' | 'viewer', string> = {
    admin: '',
    owner: '',
    member: '',
    viewer: '',
  };
  const ids: Record<'owner' | 'member' | 'viewer', string> = { owner: '', member: '', viewer: '' };
  let postgresId: string;
  let objectStoreId: string;
  let warehouseId: string;

  async function connection(name: string, kind: string, config: Record<string, unknown>): Promise<string> {
    const created = await call(api, 'POST', '/connections', {
      token: tokens.admin,
      body: { name, kind, config, credential: kind === 'object_store' ? undefined : { password: SECRET } },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  async function suite(token: string, body: Record<string, unknown> = {}): Promise<Suite> {
    const created = await call(api, 'POST', '/suites', {
      token,
      body: { name: `suite-${randomUUID()}`, connection_id: postgresId, target: 'public.orders', ...body },
    });
    expect(created.status).toBe(201);
    return created.body as Suite;
  }

  async function check(
    token: string,
    suiteId: string,
    body: Record<string, unknown> = NOT_NULL,
  ): Promise<Check> {
    const created = await call(api, 'POST', `/suites/${suiteId}/checks`, { token, body });
    expect(created.status).toBe(201);
    return created.body as Check;
  }

  const count = async (table: string, where = 'true', params: unknown[] = []): Promise<number> => {
    const rows: { count: number }[] = await world.db.query(
      `SELECT count(*)::int AS count FROM ${table} WHERE ${where}`,
      params,
    );
    return rows[0].count;
  };

  beforeAll(async () => {
    world = await GatewayWorld.create('suites');
    gateway = await world.startGateway({
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
      LOG_LEVEL: 'debug',
    });
    api = `${gateway.url}/api/v1`;
    tokens.admin = await world.mintToken('admin@example.test', 'admin');
    tokens.owner = await world.mintToken('owner@example.test', 'member');
    tokens.member = await world.mintToken('member@example.test', 'member');
    tokens.viewer = await world.mintToken('viewer@example.test', 'viewer');
    for (const who of ['owner', 'member', 'viewer'] as const) {
      const me = await call(api, 'GET', '/me', { token: tokens[who] });
      ids[who] = (me.body as { id: string }).id;
    }
    postgresId = await connection('orders-db', 'postgres', {
      host: 'db.example.test',
      port: 5432,
      database: 'shop',
      user: 'reader',
      sslmode: 'require',
    });
    objectStoreId = await connection('landing-bucket', 'object_store', {
      bucket: 'landing',
      region: 'eu-west-1',
    });
    warehouseId = await connection('warehouse', 'warehouse', { account: 'acme', user: 'READER' });
  });

  afterAll(async () => {
    expect(world?.output() ?? '').not.toContain(SECRET);
    await world?.close();
  });

  describe('suites', () => {
    it('makes the creator the owner; a Viewer cannot create one', async () => {
      const created = await suite(tokens.owner, { name: 'orders quality', description: 'nightly' });
      expect(created).toMatchObject({
        name: 'orders quality',
        owner_id: ids.owner,
        my_grant: 'owner',
        check_count: 0,
        connection_kind: 'postgres',
        target: 'public.orders',
        target_format: null,
        is_batch_pattern: false,
      });
      const before = await count('suites');
      const refused = await call(api, 'POST', '/suites', {
        token: tokens.viewer,
        body: { name: 'nope', connection_id: postgresId, target: 'public.orders' },
      });
      expect(refused.status).toBe(403);
      expect(await count('suites')).toBe(before);
      expect(await count('audit_events', `action = 'suite.created' AND target_id = $1`, [created.id])).toBe(
        1,
      );
    });

    it('checks the target against the connection kind and refuses unknown connections and zones', async () => {
      const flat = await suite(tokens.owner, {
        connection_id: objectStoreId,
        target: 'landing/orders_*.csv',
      });
      expect(flat).toMatchObject({
        connection_kind: 'object_store',
        target_format: 'csv',
        is_batch_pattern: true,
      });

      const cases: [Record<string, unknown>, string][] = [
        [{ connection_id: objectStoreId, target: 'landing/orders.xlsx' }, 'target'],
        [{ connection_id: objectStoreId, target: '../etc/passwd.csv' }, 'target'],
        [{ connection_id: postgresId, target: 'public.orders; DROP TABLE x' }, 'target'],
        [{ connection_id: randomUUID(), target: 'public.orders' }, 'connection_id'],
        [{ connection_id: postgresId, target: 'public.orders', time_zone: 'Mars/Olympus' }, 'time_zone'],
      ];
      const before = await count('suites');
      for (const [body, field] of cases) {
        const refused = await call(api, 'POST', '/suites', {
          token: tokens.owner,
          body: { name: 'bad', ...body },
        });
        expect(refused.status).toBe(422);
        const fields = (refused.body as ErrorBody).error.detail['fields'] as { field: string }[];
        expect(fields.map((entry) => entry.field)).toEqual([field]);
      }
      expect(await count('suites')).toBe(before);
    });

    it('hides a suite from those without a grant: the same 404 as a suite that does not exist', async () => {
      const hidden = await suite(tokens.owner);
      const asMember = await call(api, 'GET', `/suites/${hidden.id}`, { token: tokens.member });
      const missing = await call(api, 'GET', `/suites/${randomUUID()}`, { token: tokens.member });
      expect(asMember.status).toBe(404);
      expect(asMember.text).toBe(missing.text);
      const listed = await call(api, 'GET', '/suites', { token: tokens.member });
      expect((listed.body as Suite[]).some((entry) => entry.id === hidden.id)).toBe(false);
      for (const [method, path] of [
        ['PATCH', `/suites/${hidden.id}`],
        ['DELETE', `/suites/${hidden.id}`],
        ['GET', `/suites/${hidden.id}/checks`],
        ['POST', `/suites/${hidden.id}/checks`],
        ['GET', `/suites/${hidden.id}/export`],
        ['GET', `/suites/${hidden.id}/shares`],
        ['GET', `/suites/${hidden.id}/column-policy`],
      ] as const) {
        const result = await call(api, method, path, {
          token: tokens.member,
          body:
            method === 'GET' || method === 'DELETE'
              ? undefined
              : method === 'PATCH'
                ? { name: 'x' }
                : NOT_NULL,
        });
        expect(`${method} ${path}: ${result.status}`).toBe(`${method} ${path}: 404`);
      }
      // A workspace admin is an implicit suite admin.
      const asAdmin = await call(api, 'GET', `/suites/${hidden.id}`, { token: tokens.admin });
      expect(asAdmin.status).toBe(200);
      expect((asAdmin.body as Suite).my_grant).toBe('admin');
      expect(await count('suites', 'id = $1', [hidden.id])).toBe(1);
    });

    it('shares view and edit, caps Viewers at view, and revokes', async () => {
      const shared = await suite(tokens.owner);
      const path = `/suites/${shared.id}/shares`;
      const toViewer = await call(api, 'POST', path, {
        token: tokens.owner,
        body: { user_id: ids.viewer, grant: 'view' },
      });
      expect(toViewer.status).toBe(201);
      expect(toViewer.body).toMatchObject({
        user_id: ids.viewer,
        grant: 'view',
        email: 'viewer@example.test',
      });

      const editToViewer = await call(api, 'PATCH', `${path}/${ids.viewer}`, {
        token: tokens.owner,
        body: { grant: 'edit' },
      });
      expect(editToViewer.status).toBe(422);
      expect((editToViewer.body as ErrorBody).error.detail['max_grant']).toBe('view');
      expect(await count('suite_shares', `user_id = $1 AND "grant" = 'view'`, [ids.viewer])).toBe(1);

      const viewerRead = await call(api, 'GET', `/suites/${shared.id}`, { token: tokens.viewer });
      expect(viewerRead.status).toBe(200);
      expect((viewerRead.body as Suite).my_grant).toBe('view');
      const viewerWrite = await call(api, 'PATCH', `/suites/${shared.id}`, {
        token: tokens.viewer,
        body: { name: 'taken over' },
      });
      expect(viewerWrite.status).toBe(403);

      const toMember = await call(api, 'POST', path, {
        token: tokens.owner,
        body: { user_id: ids.member, grant: 'edit' },
      });
      expect(toMember.status).toBe(201);
      const again = await call(api, 'POST', path, {
        token: tokens.owner,
        body: { user_id: ids.member, grant: 'view' },
      });
      expect(again.status).toBe(409);
      const renamed = await call(api, 'PATCH', `/suites/${shared.id}`, {
        token: tokens.member,
        body: { name: 'renamed by editor' },
      });
      expect(renamed.status).toBe(200);
      expect((renamed.body as Suite).my_grant).toBe('edit');
      // An editor may change the suite, not delete it nor hand out access.
      expect((await call(api, 'DELETE', `/suites/${shared.id}`, { token: tokens.member })).status).toBe(403);
      expect(
        (
          await call(api, 'POST', path, {
            token: tokens.member,
            body: { user_id: ids.viewer, grant: 'view' },
          })
        ).status,
      ).toBe(403);

      const listed = await call(api, 'GET', path, { token: tokens.viewer });
      expect((listed.body as { user_id: string }[]).map((share) => share.user_id).sort()).toEqual(
        [ids.member, ids.viewer].sort(),
      );

      expect((await call(api, 'DELETE', `${path}/${ids.viewer}`, { token: tokens.owner })).status).toBe(204);
      expect((await call(api, 'GET', `/suites/${shared.id}`, { token: tokens.viewer })).status).toBe(404);
      expect((await call(api, 'DELETE', `${path}/${ids.viewer}`, { token: tokens.owner })).status).toBe(404);
    });

    it('keeps a column policy that anyone with the suite reads and only its owner or an admin sets', async () => {
      const guarded = await suite(tokens.owner);
      const path = `/suites/${guarded.id}/column-policy`;
      expect((await call(api, 'GET', path, { token: tokens.owner })).body).toEqual({
        columns: {},
        default: 'mask',
      });
      const set = await call(api, 'PUT', path, {
        token: tokens.owner,
        body: { columns: { email: 'redact', country: 'allow' }, default: 'mask' },
      });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ columns: { email: 'redact', country: 'allow' }, default: 'mask' });
      await call(api, 'POST', `/suites/${guarded.id}/shares`, {
        token: tokens.owner,
        body: { user_id: ids.member, grant: 'edit' },
      });
      const byEditor = await call(api, 'PUT', path, {
        token: tokens.member,
        body: { columns: { email: 'allow' } },
      });
      expect(byEditor.status).toBe(403);
      const bad = await call(api, 'PUT', path, {
        token: tokens.owner,
        body: { columns: { email: 'shout' } },
      });
      expect(bad.status).toBe(422);
      expect(((bad.body as ErrorBody).error.detail['fields'] as { field: string }[])[0].field).toBe(
        'columns.email',
      );
      expect((await call(api, 'GET', path, { token: tokens.member })).body).toEqual({
        columns: { email: 'redact', country: 'allow' },
        default: 'mask',
      });
    });

    it('deletes a suite with its checks, for the owner only', async () => {
      const doomed = await suite(tokens.owner);
      await check(tokens.owner, doomed.id);
      expect((await call(api, 'DELETE', `/suites/${doomed.id}`, { token: tokens.owner })).status).toBe(204);
      expect((await call(api, 'GET', `/suites/${doomed.id}`, { token: tokens.owner })).status).toBe(404);
      expect(await count('checks', 'suite_id = $1', [doomed.id])).toBe(0);
    });
  });

  describe('checks', () => {
    let suiteId: string;

    beforeAll(async () => {
      suiteId = (await suite(tokens.owner, { name: 'checks home' })).id;
    });

    it('creates a Great Expectations check at version 1 with a derived dimension', async () => {
      const created = await check(tokens.owner, suiteId, {
        ...NOT_NULL,
        name: 'customer present',
        config: {
          expectation_type: 'expect_column_values_to_not_be_null',
          kwargs: { column: 'customer_id', mostly: 0.99 },
        },
      });
      expect(created).toMatchObject({
        version: 1,
        kind: 'expectation',
        engine: 'standard',
        dimension: 'completeness',
        thresholds: null,
        snoozed_until: null,
        caveats: [],
      });
      const listed = await call(api, 'GET', `/suites/${suiteId}/checks`, { token: tokens.owner });
      expect((listed.body as Check[]).map((entry) => entry.id)).toContain(created.id);
    });

    it('refuses bad configs with field paths, and kinds the datasource does not support with the kinds that do', async () => {
      const before = await count('checks');
      const badColumn = await call(api, 'POST', `/suites/${suiteId}/checks`, {
        token: tokens.owner,
        body: {
          name: 'bad',
          kind: 'expectation',
          config: {
            expectation_type: 'expect_column_values_to_be_between',
            kwargs: { min_value: 3, max_value: 1 },
          },
        },
      });
      expect(badColumn.status).toBe(422);
      const fields = (badColumn.body as ErrorBody).error.detail['fields'] as { field: string }[];
      expect(fields.map((entry) => entry.field)).toEqual(expect.arrayContaining(['config.kwargs.column']));

      const unknownKind = await call(api, 'POST', `/suites/${suiteId}/checks`, {
        token: tokens.owner,
        body: { name: 'bad', kind: 'telepathy', config: {} },
      });
      expect(unknownKind.status).toBe(422);

      const native = await call(api, 'POST', `/suites/${suiteId}/checks`, {
        token: tokens.owner,
        body: {
          name: 'native',
          kind: 'expectation',
          engine: 'native',
          config: { expectation_type: 'null_count', kwargs: { column: 'a', max_value: 0 } },
        },
      });
      expect(native.status).toBe(422);
      expect((native.body as ErrorBody).error.detail).toMatchObject({
        field: 'engine',
        supported_datasource_kinds: ['warehouse'],
      });

      const flatSuite = await suite(tokens.owner, {
        connection_id: objectStoreId,
        target: 'landing/orders.parquet',
      });
      const customSql = await call(api, 'POST', `/suites/${flatSuite.id}/checks`, {
        token: tokens.owner,
        body: { name: 'sql', kind: 'custom_sql', config: { sql: 'SELECT 1' } },
      });
      expect(customSql.status).toBe(422);
      expect((customSql.body as ErrorBody).error.detail['supported_datasource_kinds']).toEqual(
        expect.arrayContaining(['warehouse', 'lakehouse']),
      );
      const anomaly = await call(api, 'POST', `/suites/${flatSuite.id}/checks`, {
        token: tokens.owner,
        body: { name: 'anomaly', kind: 'anomaly', config: { metric: 'row_count' } },
      });
      expect(anomaly.status).toBe(422);
      expect(await count('checks')).toBe(before);
    });

    it('shows the native engine probe as a caveat on a warehouse check, not a gate', async () => {
      const warehouseSuite = await suite(tokens.owner, {
        connection_id: warehouseId,
        target: 'SALES.PUBLIC.ORDERS',
      });
      const native = await check(tokens.owner, warehouseSuite.id, {
        name: 'nulls natively',
        kind: 'expectation',
        engine: 'native',
        config: { expectation_type: 'null_count', kwargs: { column: 'ORDER_ID', max_value: 0 } },
      });
      expect(native.engine).toBe('native');
      expect(native.caveats.map((caveat) => caveat.code)).toEqual(['native_engine_unverified']);
      await world.db.query(`UPDATE connections SET capabilities = $2 WHERE id = $1`, [
        warehouseId,
        JSON.stringify({ native_dmf: false, checked_at: new Date().toISOString() }),
      ]);
      const reread = await call(api, 'GET', `/suites/${warehouseSuite.id}/checks/${native.id}`, {
        token: tokens.owner,
      });
      expect((reread.body as Check).caveats.map((caveat) => caveat.code)).toEqual([
        'native_engine_unavailable',
      ]);
    });

    it('numbers versions, mints none for a no-op, and restores by minting a new one', async () => {
      const created = await check(tokens.owner, suiteId, { ...NOT_NULL, name: 'versioned' });
      const path = `/suites/${suiteId}/checks/${created.id}`;
      const changed = await call(api, 'PATCH', path, {
        token: tokens.owner,
        body: { thresholds: { warn: 1, fail: 5 } },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ version: 2, thresholds: { warn: 1, fail: 5 } });
      const same = await call(api, 'PATCH', path, {
        token: tokens.owner,
        body: { thresholds: { warn: 1, fail: 5 } },
      });
      expect((same.body as Check).version).toBe(2);
      const kindChange = await call(api, 'PATCH', path, { token: tokens.owner, body: { kind: 'volume' } });
      expect(kindChange.status).toBe(422);
      const badThresholds = await call(api, 'PATCH', path, {
        token: tokens.owner,
        body: { thresholds: { warn: 9, fail: 5 } },
      });
      expect(badThresholds.status).toBe(422);

      const restored = await call(api, 'POST', `${path}/versions/1/restore`, { token: tokens.owner });
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ version: 3, thresholds: null });
      const versions = await call(api, 'GET', `${path}/versions`, { token: tokens.owner });
      expect(
        (versions.body as { version: number; change: string; restored_from: number | null }[]).map((v) => [
          v.version,
          v.change,
          v.restored_from,
        ]),
      ).toEqual([
        [3, 'restored', 1],
        [2, 'updated', null],
        [1, 'created', null],
      ]);
      expect((await call(api, 'POST', `${path}/versions/99/restore`, { token: tokens.owner })).status).toBe(
        404,
      );
      expect((await call(api, 'POST', `${path}/versions/abc/restore`, { token: tokens.owner })).status).toBe(
        404,
      );
      expect(await count('check_versions', 'check_id = $1', [created.id])).toBe(3);
    });

    it('refuses a second check of the same name in a suite with 409', async () => {
      await check(tokens.owner, suiteId, { ...NOT_NULL, name: 'unique name' });
      const duplicate = await call(api, 'POST', `/suites/${suiteId}/checks`, {
        token: tokens.owner,
        body: { ...NOT_NULL, name: 'unique name' },
      });
      expect(duplicate.status).toBe(409);
      expect(await count('checks', 'suite_id = $1 AND name = $2', [suiteId, 'unique name'])).toBe(1);
    });

    it('snoozes for 1 to 720 hours and clears', async () => {
      const created = await check(tokens.owner, suiteId, { ...NOT_NULL, name: 'snoozy' });
      const path = `/suites/${suiteId}/checks/${created.id}/snooze`;
      for (const hours of [0, 721, 1.5, 'x'])
        expect((await call(api, 'POST', path, { token: tokens.owner, body: { hours } })).status).toBe(422);
      const before = Date.now();
      const snoozed = await call(api, 'POST', path, { token: tokens.owner, body: { hours: 24 } });
      expect(snoozed.status).toBe(200);
      const until = Date.parse((snoozed.body as Check).snoozed_until ?? '');
      expect(until).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1000);
      expect(until).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 1000);
      expect((snoozed.body as Check).version).toBe(1);
      expect((await call(api, 'DELETE', path, { token: tokens.owner })).status).toBe(204);
      const reread = await call(api, 'GET', `/suites/${suiteId}/checks/${created.id}`, {
        token: tokens.owner,
      });
      expect((reread.body as Check).snoozed_until).toBeNull();
    });

    it('reports the metric history that runs recorded, newest first', async () => {
      const created = await check(tokens.owner, suiteId, { ...NOT_NULL, name: 'historic' });
      const path = `/suites/${suiteId}/checks/${created.id}/history`;
      expect((await call(api, 'GET', path, { token: tokens.owner })).body).toEqual([]);
      for (const [minutesAgo, outcome, metric] of [
        [30, 'pass', 0],
        [20, 'warn', 1.5],
        [10, 'fail', 12],
      ] as const) {
        const [run] = await world.db.query<{ id: string }[]>(
          `INSERT INTO runs (suite_id, status, trigger, finished_at) VALUES ($1, 'succeeded', 'manual', now() - make_interval(mins => $2)) RETURNING id`,
          [suiteId, minutesAgo],
        );
        await world.db.query(
          `INSERT INTO run_results (run_id, check_id, outcome, metric_value, detail, finished_at)
           VALUES ($1, $2, $3, $4, '{"check_version": 1}', now() - make_interval(mins => $5))`,
          [run.id, created.id, outcome, metric, minutesAgo],
        );
      }
      const history = await call(api, 'GET', `${path}?limit=2`, { token: tokens.owner });
      expect(
        (history.body as { outcome: string; metric_value: number; check_version: number }[]).map((p) => [
          p.outcome,
          p.metric_value,
          p.check_version,
        ]),
      ).toEqual([
        ['fail', 12, 1],
        ['warn', 1.5, 1],
      ]);
    });

    it('reads and recaptures an anomaly baseline; other kinds have none', async () => {
      const anomaly = await check(tokens.owner, suiteId, {
        name: 'row count anomaly',
        kind: 'anomaly',
        config: { metric: 'row_count', min_points: 3 },
      });
      const path = `/suites/${suiteId}/checks/${anomaly.id}`;
      const baseline = await call(api, 'GET', `${path}/baseline`, { token: tokens.owner });
      expect(baseline.status).toBe(200);
      expect(baseline.body).toMatchObject({
        kind: 'anomaly',
        baseline: { points: 0, since: null },
        captured_at: null,
      });
      const rebaselined = await call(api, 'POST', `${path}/rebaseline`, { token: tokens.owner });
      expect(rebaselined.status).toBe(200);
      expect((rebaselined.body as { baseline: { since: string } }).baseline.since).toEqual(
        expect.any(String),
      );

      const plain = await check(tokens.owner, suiteId, { ...NOT_NULL, name: 'no baseline' });
      expect(
        (await call(api, 'GET', `/suites/${suiteId}/checks/${plain.id}/baseline`, { token: tokens.owner }))
          .status,
      ).toBe(422);
    });

    it('deletes a check; a check of another suite is not found', async () => {
      const created = await check(tokens.owner, suiteId, { ...NOT_NULL, name: 'to delete' });
      const other = await suite(tokens.owner);
      expect(
        (await call(api, 'GET', `/suites/${other.id}/checks/${created.id}`, { token: tokens.owner })).status,
      ).toBe(404);
      expect(
        (await call(api, 'DELETE', `/suites/${suiteId}/checks/${created.id}`, { token: tokens.owner }))
          .status,
      ).toBe(204);
      expect(await count('checks', 'id = $1', [created.id])).toBe(0);
    });
  });

  describe('export and import', () => {
    it('exports a portable document and imports it idempotently, remapping connections by name', async () => {
      const source = await suite(tokens.owner, { name: 'promoted suite', time_zone: 'Europe/Berlin' });
      await check(tokens.owner, source.id, { ...NOT_NULL, name: 'a' });
      await check(tokens.owner, source.id, {
        name: 'b',
        kind: 'expectation',
        thresholds: { warn: 1 },
        config: { expectation_type: 'expect_column_values_to_be_unique', kwargs: { column: 'order_id' } },
      });
      const exported = await call(api, 'GET', `/suites/${source.id}/export`, { token: tokens.owner });
      expect(exported.status).toBe(200);
      const document = exported.body as Record<string, unknown> & {
        suite: Record<string, unknown>;
        checks: unknown[];
      };
      expect(document).toMatchObject({
        format: 'dq-suite',
        format_version: 1,
        suite: {
          name: 'promoted suite',
          time_zone: 'Europe/Berlin',
          connection: { name: 'orders-db', kind: 'postgres' },
        },
      });
      expect(document.checks).toHaveLength(2);
      expect(exported.text).not.toContain(source.id);
      expect(exported.text).not.toContain(postgresId);

      // The owner imports the same document back: the suite is theirs, so nothing changes.
      const again = await call(api, 'POST', '/suites/import', { token: tokens.owner, body: { document } });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        created: false,
        suite: { id: source.id },
        checks: { created: [], updated: [], unchanged: ['a', 'b'], not_in_document: [] },
      });
      expect(await count('suites', 'name = $1', ['promoted suite'])).toBe(1);

      // "Another environment": a connection with another name, mapped in the request.
      const prodId = await connection('orders-db-prod', 'postgres', {
        host: 'prod.example.test',
        port: 5432,
        database: 'shop',
        user: 'reader',
        sslmode: 'require',
      });
      const renamed = { ...document, suite: { ...document.suite, name: 'promoted suite (prod)' } };
      const unresolved = await call(api, 'POST', '/suites/import', {
        token: tokens.member,
        body: {
          document: {
            ...renamed,
            suite: { ...renamed.suite, connection: { name: 'nope', kind: 'postgres' } },
          },
        },
      });
      expect(unresolved.status).toBe(422);
      expect((unresolved.body as ErrorBody).error.detail['unresolved_connections']).toEqual([
        { name: 'nope', kind: 'postgres', field: 'document.suite.connection' },
      ]);
      const promoted = await call(api, 'POST', '/suites/import', {
        token: tokens.member,
        body: { document: renamed, connection_map: { 'orders-db': 'orders-db-prod' } },
      });
      expect(promoted.status).toBe(201);
      const imported = promoted.body as {
        suite: Suite & { connection_id: string };
        checks: { created: string[] };
      };
      expect(imported.suite).toMatchObject({ owner_id: ids.member, connection_id: prodId, check_count: 2 });
      expect(imported.checks.created).toEqual(['a', 'b']);
      const twice = await call(api, 'POST', '/suites/import', {
        token: tokens.member,
        body: { document: renamed, connection_map: { 'orders-db': prodId } },
      });
      expect(twice.status).toBe(200);
      expect(await count('suites', 'name = $1', ['promoted suite (prod)'])).toBe(1);
      expect(await count('checks', 'suite_id = $1', [imported.suite.id])).toBe(2);

      // A changed check updates in place with a new version.
      const changedChecks = (document.checks as Record<string, unknown>[]).map((entry) =>
        entry['name'] === 'a' ? { ...entry, thresholds: { warn: 2 } } : entry,
      );
      const updated = await call(api, 'POST', '/suites/import', {
        token: tokens.member,
        body: { document: { ...renamed, checks: changedChecks }, connection_map: { 'orders-db': prodId } },
      });
      expect(updated.body).toMatchObject({ created: false, checks: { updated: ['a'], unchanged: ['b'] } });
      const [versionRow] = await world.db.query<{ version: number; change: string }[]>(
        `SELECT v.version, v.change FROM check_versions v JOIN checks c ON c.id = v.check_id
          WHERE c.suite_id = $1 AND c.name = 'a' ORDER BY v.version DESC LIMIT 1`,
        [imported.suite.id],
      );
      expect(versionRow).toEqual({ version: 2, change: 'imported' });
    });

    it('refuses a document with a bad check as a whole: nothing is written', async () => {
      const before = [await count('suites'), await count('checks')];
      const refused = await call(api, 'POST', '/suites/import', {
        token: tokens.member,
        body: {
          document: {
            format: 'dq-suite',
            format_version: 1,
            suite: { name: 'half', target: 'public.t', connection: { name: 'orders-db', kind: 'postgres' } },
            checks: [
              NOT_NULL,
              {
                name: 'sql on files?',
                kind: 'expectation',
                config: { expectation_type: 'expect_nothing', kwargs: {} },
              },
            ],
          },
        },
      });
      expect(refused.status).toBe(422);
      const fields = (refused.body as ErrorBody).error.detail['fields'] as { field: string }[];
      expect(fields[0].field).toMatch(/^document\.checks\[1\]\.config\.expectation_type/);
      expect([await count('suites'), await count('checks')]).toEqual(before);

      const viewer = await call(api, 'POST', '/suites/import', {
        token: tokens.viewer,
        body: { document: {} },
      });
      expect(viewer.status).toBe(403);
    });

    it('imports the exact document the export answered, bare or wrapped; a malformed wrapper is 422', async () => {
      const source = await suite(tokens.owner, { name: 'bare export' });
      await check(tokens.owner, source.id, { ...NOT_NULL, name: 'a' });
      const exported = await call(api, 'GET', `/suites/${source.id}/export`, { token: tokens.owner });
      expect(exported.status).toBe(200);
      const bare = await call(api, 'POST', '/suites/import', { token: tokens.owner, body: exported.body });
      expect(bare.status).toBe(200);
      expect(bare.body).toMatchObject({
        created: false,
        suite: { id: source.id },
        checks: { unchanged: ['a'] },
      });
      const document = exported.body as { suite: Record<string, unknown> };
      const copy = { ...document, suite: { ...document.suite, name: 'bare export copy' } };
      const created = await call(api, 'POST', '/suites/import', { token: tokens.member, body: copy });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        created: true,
        suite: { name: 'bare export copy', owner_id: ids.member },
      });

      const before = await count('suites');
      for (const body of [
        { document: 1 },
        { document: copy, extra: true },
        { document: copy, connection_map: { x: 1 } },
      ]) {
        const refused = await call(api, 'POST', '/suites/import', { token: tokens.member, body });
        expect(refused.status).toBe(422);
        expect((refused.body as ErrorBody).error.code).toBe('validation_failed');
      }
      expect(await count('suites')).toBe(before);
    });

    it('suite names are unique in the workspace: create, rename and import onto a taken name are 409 suite_name_taken', async () => {
      const owned = await suite(tokens.owner, { name: 'unique in the workspace' });
      const before = await count('suites');
      // Another user, who cannot even see the suite, still cannot take its name.
      const duplicate = await call(api, 'POST', '/suites', {
        token: tokens.member,
        body: { name: 'unique in the workspace', connection_id: postgresId, target: 'public.orders' },
      });
      expect(duplicate.status).toBe(409);
      expect((duplicate.body as ErrorBody).error).toMatchObject({
        code: 'suite_name_taken',
        detail: { field: 'name' },
      });
      const mine = await suite(tokens.member, { name: 'member suite' });
      const rename = await call(api, 'PATCH', `/suites/${mine.id}`, {
        token: tokens.member,
        body: { name: 'unique in the workspace' },
      });
      expect(rename.status).toBe(409);
      expect((rename.body as ErrorBody).error.code).toBe('suite_name_taken');
      expect((await call(api, 'GET', `/suites/${mine.id}`, { token: tokens.member })).body).toMatchObject({
        name: 'member suite',
      });
      // Renaming to its own name, or to a free one, is fine.
      expect(
        (
          await call(api, 'PATCH', `/suites/${mine.id}`, {
            token: tokens.member,
            body: { name: 'member suite' },
          })
        ).status,
      ).toBe(200);

      const exported = await call(api, 'GET', `/suites/${owned.id}/export`, { token: tokens.owner });
      const imported = await call(api, 'POST', '/suites/import', {
        token: tokens.member,
        body: exported.body,
      });
      expect(imported.status).toBe(409);
      expect((imported.body as ErrorBody).error).toMatchObject({
        code: 'suite_name_taken',
        detail: { field: 'document.suite.name' },
      });
      expect(await count('suites', 'name = $1', ['unique in the workspace'])).toBe(1);
      expect(await count('suites')).toBe(before + 1);
    });

    it('the OpenAPI document states the 409 of create, rename and import, and both import bodies', async () => {
      const docs = await fetch(`${gateway.url}/api/v1/openapi.json`);
      expect(docs.status).toBe(200);
      const paths = ((await docs.json()) as { paths: Record<string, Record<string, OpenApiOperation>> })
        .paths;
      const suites = Object.entries(paths).find(([path]) => path.endsWith('/suites'))?.[1];
      const one = Object.entries(paths).find(([path]) => /\/suites\/\{id\}$/.test(path))?.[1];
      const imports = Object.entries(paths).find(([path]) => path.endsWith('/suites/import'))?.[1];
      expect(suites?.['post']?.responses['409']?.description).toContain('suite_name_taken');
      expect(one?.['patch']?.responses['409']?.description).toContain('suite_name_taken');
      expect(imports?.['post']?.responses['409']?.description).toContain('suite_name_taken');
      expect(imports?.['post']?.requestBody?.description).toContain('bare document');
    });
  });

  describe('comparison columns at save', () => {
    it('refuses compare_columns that name a key with 422; a baseline query is accepted as written', async () => {
      const home = await suite(tokens.owner);
      const comparison = (config: Record<string, unknown>) =>
        call(api, 'POST', `/suites/${home.id}/checks`, {
          token: tokens.owner,
          body: {
            name: `compare-${randomUUID()}`,
            kind: 'comparison',
            config: { baseline_connection_id: postgresId, key_columns: ['order_id'], ...config },
          },
        });
      const refused = await comparison({
        baseline: { query: 'SELECT order_id, amount FROM public.orders_baseline' },
        compare_columns: ['amount', 'order_id'],
      });
      expect(refused.status).toBe(422);
      expect((refused.body as ErrorBody).error.code).toBe('validation_failed');
      expect(JSON.stringify((refused.body as ErrorBody).error.detail)).toContain('config.compare_columns');
      // What the query selects is known only to the datasource: the run compares the common columns.
      const saved = await comparison({
        baseline: { query: 'SELECT order_id, amount FROM public.orders_baseline' },
      });
      expect(saved.status).toBe(201);
    });
  });
});
