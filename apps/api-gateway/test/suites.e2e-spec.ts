/**
 * Suites, shares and checks through a real gateway: ownership, the hidden-suite 404, share caps,
 * the datasource support matrix on check create, numbered versions and restore, snooze, history,
 * baselines, export/import for environment promotion, and the audit trail. Nothing is half
 * written: every refused call leaves the state as it was. Calls go through the typed client; the
 * raw `call` stays where a test sends what the document does not allow.
 */
import { randomUUID } from 'node:crypto';
import { type ApiClient, type ApiResult, type components, dataOf, errorOf } from '@dq/api-client';
import { type AppProcess, call, GatewayWorld } from '@dq/testing';

const SECRET = 'suite-e2e-secret-Qv7!';

type Check = components['schemas']['CheckResponse'];
type CheckBody = components['schemas']['CreateCheckRequest'];

const NOT_NULL: CheckBody = {
  name: 'order id present',
  kind: 'expectation',
  config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'order_id' } },
};

const inSuite = (id: string) => ({ params: { path: { id } } });
const inCheck = (id: string, cid: string) => ({ params: { path: { id, cid } } });
/** The fields a 422 `validation_failed` names. */
const fieldsOf = (result: ApiResult<unknown>): string[] =>
  ((errorOf(result)?.detail['fields'] ?? []) as { field: string }[]).map((entry) => entry.field);

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
  const as = {} as Record<keyof typeof tokens, ApiClient>;
  const ids: Record<'owner' | 'member' | 'viewer', string> = { owner: '', member: '', viewer: '' };
  let postgresId: string;
  let objectStoreId: string;
  let warehouseId: string;

  async function connection(body: components['schemas']['CreateConnectionRequest']): Promise<string> {
    const created = await as.admin.POST('/api/v1/connections', { body });
    expect(created.response.status).toBe(201);
    return dataOf(created).id;
  }

  async function suite(client: ApiClient, body: Partial<components['schemas']['CreateSuiteRequest']> = {}) {
    const created = await client.POST('/api/v1/suites', {
      body: { name: `suite-${randomUUID()}`, connection_id: postgresId, target: 'public.orders', ...body },
    });
    expect(created.response.status).toBe(201);
    return dataOf(created);
  }

  async function check(client: ApiClient, suiteId: string, body: CheckBody = NOT_NULL): Promise<Check> {
    const created = await client.POST('/api/v1/suites/{id}/checks', { ...inSuite(suiteId), body });
    expect(created.response.status).toBe(201);
    return dataOf(created);
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
    for (const who of ['admin', 'owner', 'member', 'viewer'] as const) as[who] = world.apiClient(tokens[who]);
    for (const who of ['owner', 'member', 'viewer'] as const)
      ids[who] = dataOf(await as[who].GET('/api/v1/me')).id;
    postgresId = await connection({
      name: 'orders-db',
      kind: 'postgres',
      config: { host: 'db.example.test', port: 5432, database: 'shop', user: 'reader', sslmode: 'require' },
      credential: { password: SECRET },
    });
    objectStoreId = await connection({
      name: 'landing-bucket',
      kind: 'object_store',
      config: { bucket: 'landing', region: 'eu-west-1' },
    });
    warehouseId = await connection({
      name: 'warehouse',
      kind: 'warehouse',
      config: { account: 'acme', user: 'READER' },
      credential: { password: SECRET },
    });
  });

  afterAll(async () => {
    expect(world?.output() ?? '').not.toContain(SECRET);
    await world?.close();
  });

  describe('suites', () => {
    it('makes the creator the owner; a Viewer cannot create one', async () => {
      const created = await suite(as.owner, { name: 'orders quality', description: 'nightly' });
      const ownerName = dataOf(await as.owner.GET('/api/v1/me')).display_name;
      expect(created).toMatchObject({
        name: 'orders quality',
        owner_id: ids.owner,
        owner_name: ownerName,
        my_grant: 'owner',
        check_count: 0,
        connection_kind: 'postgres',
        target: 'public.orders',
        target_format: null,
        is_batch_pattern: false,
      });
      const before = await count('suites');
      const refused = await as.viewer.POST('/api/v1/suites', {
        body: { name: 'nope', connection_id: postgresId, target: 'public.orders' },
      });
      expect(errorOf(refused)?.status).toBe(403);
      expect(await count('suites')).toBe(before);
      expect(await count('audit_events', `action = 'suite.created' AND target_id = $1`, [created.id])).toBe(
        1,
      );
    });

    it('checks the target against the connection kind and refuses unknown connections and zones', async () => {
      const flat = await suite(as.owner, {
        connection_id: objectStoreId,
        target: 'landing/orders_*.csv',
      });
      expect(flat).toMatchObject({
        connection_kind: 'object_store',
        target_format: 'csv',
        is_batch_pattern: true,
      });

      const cases: [{ connection_id: string; target: string; time_zone?: string }, string][] = [
        [{ connection_id: objectStoreId, target: 'landing/orders.xlsx' }, 'target'],
        [{ connection_id: objectStoreId, target: '../etc/passwd.csv' }, 'target'],
        [{ connection_id: postgresId, target: 'public.orders; DROP TABLE x' }, 'target'],
        [{ connection_id: randomUUID(), target: 'public.orders' }, 'connection_id'],
        [{ connection_id: postgresId, target: 'public.orders', time_zone: 'Mars/Olympus' }, 'time_zone'],
      ];
      const before = await count('suites');
      for (const [body, field] of cases) {
        const refused = await as.owner.POST('/api/v1/suites', { body: { name: 'bad', ...body } });
        expect(errorOf(refused)?.status).toBe(422);
        expect(fieldsOf(refused)).toEqual([field]);
      }
      expect(await count('suites')).toBe(before);
    });

    it('hides a suite from those without a grant: the same 404 as a suite that does not exist', async () => {
      const hidden = await suite(as.owner);
      const asMember = errorOf(await as.member.GET('/api/v1/suites/{id}', inSuite(hidden.id)));
      const missing = errorOf(await as.member.GET('/api/v1/suites/{id}', inSuite(randomUUID())));
      expect(asMember?.status).toBe(404);
      expect([asMember?.code, asMember?.message, asMember?.detail]).toEqual([
        missing?.code,
        missing?.message,
        missing?.detail,
      ]);
      const listed = dataOf(await as.member.GET('/api/v1/suites'));
      expect(listed.some((entry) => entry.id === hidden.id)).toBe(false);
      const path = inSuite(hidden.id);
      const attempts: [string, ApiResult<unknown>][] = [
        ['PATCH', await as.member.PATCH('/api/v1/suites/{id}', { ...path, body: { name: 'x' } })],
        ['DELETE', await as.member.DELETE('/api/v1/suites/{id}', path)],
        ['GET checks', await as.member.GET('/api/v1/suites/{id}/checks', path)],
        ['POST checks', await as.member.POST('/api/v1/suites/{id}/checks', { ...path, body: NOT_NULL })],
        ['GET export', await as.member.GET('/api/v1/suites/{id}/export', path)],
        ['GET shares', await as.member.GET('/api/v1/suites/{id}/shares', path)],
        ['GET column-policy', await as.member.GET('/api/v1/suites/{id}/column-policy', path)],
      ];
      for (const [route, result] of attempts)
        expect(`${route}: ${result.response.status}`).toBe(`${route}: 404`);
      // A workspace admin is an implicit suite admin.
      const asAdmin = await as.admin.GET('/api/v1/suites/{id}', path);
      expect(asAdmin.response.status).toBe(200);
      expect(dataOf(asAdmin).my_grant).toBe('admin');
      // Everyone who sees a suite reads its owner's name, in one read or in the list.
      const ownerName = dataOf(await as.owner.GET('/api/v1/me')).display_name;
      expect(dataOf(asAdmin).owner_name).toBe(ownerName);
      const adminList = dataOf(await as.admin.GET('/api/v1/suites'));
      expect(adminList.find((entry) => entry.id === hidden.id)?.owner_name).toBe(ownerName);
      expect(await count('suites', 'id = $1', [hidden.id])).toBe(1);
    });

    it('shares view and edit, caps Viewers at view, and revokes', async () => {
      const shared = await suite(as.owner);
      const path = inSuite(shared.id);
      const shareOf = (userId: string) => ({ params: { path: { id: shared.id, userId } } });
      const toViewer = await as.owner.POST('/api/v1/suites/{id}/shares', {
        ...path,
        body: { user_id: ids.viewer, grant: 'view' },
      });
      expect(toViewer.response.status).toBe(201);
      expect(dataOf(toViewer)).toMatchObject({
        user_id: ids.viewer,
        grant: 'view',
        email: 'viewer@example.test',
      });

      const editToViewer = await as.owner.PATCH('/api/v1/suites/{id}/shares/{userId}', {
        ...shareOf(ids.viewer),
        body: { grant: 'edit' },
      });
      expect(errorOf(editToViewer)).toMatchObject({ status: 422, detail: { max_grant: 'view' } });
      expect(await count('suite_shares', `user_id = $1 AND "grant" = 'view'`, [ids.viewer])).toBe(1);

      const viewerRead = await as.viewer.GET('/api/v1/suites/{id}', path);
      expect(viewerRead.response.status).toBe(200);
      expect(dataOf(viewerRead).my_grant).toBe('view');
      const viewerWrite = await as.viewer.PATCH('/api/v1/suites/{id}', {
        ...path,
        body: { name: 'taken over' },
      });
      expect(errorOf(viewerWrite)?.status).toBe(403);

      const toMember = await as.owner.POST('/api/v1/suites/{id}/shares', {
        ...path,
        body: { user_id: ids.member, grant: 'edit' },
      });
      expect(toMember.response.status).toBe(201);
      const again = await as.owner.POST('/api/v1/suites/{id}/shares', {
        ...path,
        body: { user_id: ids.member, grant: 'view' },
      });
      expect(errorOf(again)?.status).toBe(409);
      const renamed = await as.member.PATCH('/api/v1/suites/{id}', {
        ...path,
        body: { name: 'renamed by editor' },
      });
      expect(renamed.response.status).toBe(200);
      expect(dataOf(renamed).my_grant).toBe('edit');
      // An editor may change the suite, not delete it nor hand out access.
      expect(errorOf(await as.member.DELETE('/api/v1/suites/{id}', path))?.status).toBe(403);
      const handedOut = await as.member.POST('/api/v1/suites/{id}/shares', {
        ...path,
        body: { user_id: ids.viewer, grant: 'view' },
      });
      expect(errorOf(handedOut)?.status).toBe(403);

      const listed = dataOf(await as.viewer.GET('/api/v1/suites/{id}/shares', path));
      expect(listed.items.map((share) => share.user_id).sort()).toEqual([ids.member, ids.viewer].sort());

      expect(
        (await as.owner.DELETE('/api/v1/suites/{id}/shares/{userId}', shareOf(ids.viewer))).response.status,
      ).toBe(204);
      expect(errorOf(await as.viewer.GET('/api/v1/suites/{id}', path))?.status).toBe(404);
      expect(
        errorOf(await as.owner.DELETE('/api/v1/suites/{id}/shares/{userId}', shareOf(ids.viewer)))?.status,
      ).toBe(404);
    });

    it('keeps a column policy that anyone with the suite reads and only its owner or an admin sets', async () => {
      const guarded = await suite(as.owner);
      const path = inSuite(guarded.id);
      expect(dataOf(await as.owner.GET('/api/v1/suites/{id}/column-policy', path))).toEqual({
        columns: {},
        default: 'mask',
      });
      const set = await as.owner.PUT('/api/v1/suites/{id}/column-policy', {
        ...path,
        body: { columns: { email: 'redact', country: 'allow' }, default: 'mask' },
      });
      expect(set.response.status).toBe(200);
      expect(dataOf(set)).toEqual({ columns: { email: 'redact', country: 'allow' }, default: 'mask' });
      await as.owner.POST('/api/v1/suites/{id}/shares', {
        ...path,
        body: { user_id: ids.member, grant: 'edit' },
      });
      const byEditor = await as.member.PUT('/api/v1/suites/{id}/column-policy', {
        ...path,
        body: { columns: { email: 'allow' } },
      });
      expect(errorOf(byEditor)?.status).toBe(403);
      const bad = await as.owner.PUT('/api/v1/suites/{id}/column-policy', {
        ...path,
        body: { columns: { email: 'shout' } },
      });
      expect(errorOf(bad)?.status).toBe(422);
      expect(fieldsOf(bad)[0]).toBe('columns.email');
      expect(dataOf(await as.member.GET('/api/v1/suites/{id}/column-policy', path))).toEqual({
        columns: { email: 'redact', country: 'allow' },
        default: 'mask',
      });
    });

    it('deletes a suite with its checks, for the owner only', async () => {
      const doomed = await suite(as.owner);
      await check(as.owner, doomed.id);
      expect((await as.owner.DELETE('/api/v1/suites/{id}', inSuite(doomed.id))).response.status).toBe(204);
      expect(errorOf(await as.owner.GET('/api/v1/suites/{id}', inSuite(doomed.id)))?.status).toBe(404);
      expect(await count('checks', 'suite_id = $1', [doomed.id])).toBe(0);
    });
  });

  describe('checks', () => {
    let suiteId: string;

    beforeAll(async () => {
      suiteId = (await suite(as.owner, { name: 'checks home' })).id;
    });

    it('creates a Great Expectations check at version 1 with a derived dimension', async () => {
      const created = await check(as.owner, suiteId, {
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
      const listed = dataOf(await as.owner.GET('/api/v1/suites/{id}/checks', inSuite(suiteId)));
      expect(listed.items.map((entry) => entry.id)).toContain(created.id);
    });

    it('refuses bad configs with field paths, and kinds the datasource does not support with the kinds that do', async () => {
      const before = await count('checks');
      const create = (id: string, body: CheckBody) =>
        as.owner.POST('/api/v1/suites/{id}/checks', { ...inSuite(id), body });
      // A config without its column, and a kind that does not exist: outside the document's types,
      // so sent raw.
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
      const fields = (badColumn.body as { error: { detail: { fields: { field: string }[] } } }).error.detail
        .fields;
      expect(fields.map((entry) => entry.field)).toEqual(expect.arrayContaining(['config.kwargs.column']));

      const unknownKind = await call(api, 'POST', `/suites/${suiteId}/checks`, {
        token: tokens.owner,
        body: { name: 'bad', kind: 'telepathy', config: {} },
      });
      expect(unknownKind.status).toBe(422);

      const native = await create(suiteId, {
        name: 'native',
        kind: 'expectation',
        engine: 'native',
        config: { expectation_type: 'null_count', kwargs: { column: 'a', max_value: 0 } },
      });
      expect(errorOf(native)).toMatchObject({
        status: 422,
        detail: { field: 'engine', supported_datasource_kinds: ['warehouse'] },
      });

      const flatSuite = await suite(as.owner, {
        connection_id: objectStoreId,
        target: 'landing/orders.parquet',
      });
      const customSql = await create(flatSuite.id, {
        name: 'sql',
        kind: 'custom_sql',
        config: { sql: 'SELECT 1' },
      });
      expect(errorOf(customSql)?.status).toBe(422);
      expect(errorOf(customSql)?.detail['supported_datasource_kinds']).toEqual(
        expect.arrayContaining(['warehouse', 'lakehouse']),
      );
      const anomaly = await create(flatSuite.id, {
        name: 'anomaly',
        kind: 'anomaly',
        config: { metric: 'row_count' },
      });
      expect(errorOf(anomaly)?.status).toBe(422);
      expect(await count('checks')).toBe(before);
    });

    it('shows the native engine probe as a caveat on a warehouse check, not a gate', async () => {
      const warehouseSuite = await suite(as.owner, {
        connection_id: warehouseId,
        target: 'SALES.PUBLIC.ORDERS',
      });
      const native = await check(as.owner, warehouseSuite.id, {
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
      const reread = dataOf(
        await as.owner.GET('/api/v1/suites/{id}/checks/{cid}', inCheck(warehouseSuite.id, native.id)),
      );
      expect(reread.caveats.map((caveat) => caveat.code)).toEqual(['native_engine_unavailable']);
    });

    it('numbers versions, mints none for a no-op, and restores by minting a new one', async () => {
      const created = await check(as.owner, suiteId, { ...NOT_NULL, name: 'versioned' });
      const path = inCheck(suiteId, created.id);
      const update = (body: components['schemas']['UpdateCheckRequest']) =>
        as.owner.PATCH('/api/v1/suites/{id}/checks/{cid}', { ...path, body });
      const changed = await update({ thresholds: { warn: 1, fail: 5 } });
      expect(changed.response.status).toBe(200);
      expect(dataOf(changed)).toMatchObject({ version: 2, thresholds: { warn: 1, fail: 5 } });
      const same = await update({ thresholds: { warn: 1, fail: 5 } });
      expect(dataOf(same).version).toBe(2);
      expect(errorOf(await update({ kind: 'volume' }))?.status).toBe(422);
      expect(errorOf(await update({ thresholds: { warn: 9, fail: 5 } }))?.status).toBe(422);

      const restore = (n: number) =>
        as.owner.POST('/api/v1/suites/{id}/checks/{cid}/versions/{n}/restore', {
          params: { path: { ...path.params.path, n } },
        });
      const restored = await restore(1);
      expect(restored.response.status).toBe(200);
      expect(dataOf(restored)).toMatchObject({ version: 3, thresholds: null });
      const versions = dataOf(await as.owner.GET('/api/v1/suites/{id}/checks/{cid}/versions', path));
      expect(versions.items.map((v) => [v.version, v.change, v.restored_from])).toEqual([
        [3, 'restored', 1],
        [2, 'updated', null],
        [1, 'created', null],
      ]);
      expect(errorOf(await restore(99))?.status).toBe(404);
      // Not a number: outside what the document allows, so sent raw.
      const notANumber = await call(
        api,
        'POST',
        `/suites/${suiteId}/checks/${created.id}/versions/abc/restore`,
        {
          token: tokens.owner,
        },
      );
      expect(notANumber.status).toBe(404);
      expect(await count('check_versions', 'check_id = $1', [created.id])).toBe(3);
    });

    it('refuses a second check of the same name in a suite with 409', async () => {
      await check(as.owner, suiteId, { ...NOT_NULL, name: 'unique name' });
      const duplicate = await as.owner.POST('/api/v1/suites/{id}/checks', {
        ...inSuite(suiteId),
        body: { ...NOT_NULL, name: 'unique name' },
      });
      expect(errorOf(duplicate)?.status).toBe(409);
      expect(await count('checks', 'suite_id = $1 AND name = $2', [suiteId, 'unique name'])).toBe(1);
    });

    it('snoozes for 1 to 720 hours and clears', async () => {
      const created = await check(as.owner, suiteId, { ...NOT_NULL, name: 'snoozy' });
      const path = inCheck(suiteId, created.id);
      // Out of range, fractional, not a number: the last two outside the document's types, sent raw.
      for (const hours of [0, 721])
        expect(
          errorOf(
            await as.owner.POST('/api/v1/suites/{id}/checks/{cid}/snooze', { ...path, body: { hours } }),
          )?.status,
        ).toBe(422);
      for (const hours of [1.5, 'x'])
        expect(
          (
            await call(api, 'POST', `/suites/${suiteId}/checks/${created.id}/snooze`, {
              token: tokens.owner,
              body: { hours },
            })
          ).status,
        ).toBe(422);
      const before = Date.now();
      const snoozed = await as.owner.POST('/api/v1/suites/{id}/checks/{cid}/snooze', {
        ...path,
        body: { hours: 24 },
      });
      expect(snoozed.response.status).toBe(200);
      const until = Date.parse(dataOf(snoozed).snoozed_until ?? '');
      expect(until).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1000);
      expect(until).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 1000);
      expect(dataOf(snoozed).version).toBe(1);
      expect((await as.owner.DELETE('/api/v1/suites/{id}/checks/{cid}/snooze', path)).response.status).toBe(
        204,
      );
      const reread = dataOf(await as.owner.GET('/api/v1/suites/{id}/checks/{cid}', path));
      expect(reread.snoozed_until).toBeNull();
    });

    it('reports the metric history that runs recorded, newest first', async () => {
      const created = await check(as.owner, suiteId, { ...NOT_NULL, name: 'historic' });
      const path = inCheck(suiteId, created.id);
      expect(dataOf(await as.owner.GET('/api/v1/suites/{id}/checks/{cid}/history', path))).toEqual([]);
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
      const history = dataOf(
        await as.owner.GET('/api/v1/suites/{id}/checks/{cid}/history', {
          params: { path: path.params.path, query: { limit: 2 } },
        }),
      );
      expect(history.map((p) => [p.outcome, p.metric_value, p.check_version])).toEqual([
        ['fail', 12, 1],
        ['warn', 1.5, 1],
      ]);
    });

    it('reads and recaptures an anomaly baseline; other kinds have none', async () => {
      const anomaly = await check(as.owner, suiteId, {
        name: 'row count anomaly',
        kind: 'anomaly',
        config: { metric: 'row_count', min_points: 3 },
      });
      const path = inCheck(suiteId, anomaly.id);
      const baseline = await as.owner.GET('/api/v1/suites/{id}/checks/{cid}/baseline', path);
      expect(baseline.response.status).toBe(200);
      expect(dataOf(baseline)).toMatchObject({
        kind: 'anomaly',
        baseline: { points: 0, since: null },
        captured_at: null,
      });
      const rebaselined = await as.owner.POST('/api/v1/suites/{id}/checks/{cid}/rebaseline', path);
      expect(rebaselined.response.status).toBe(200);
      expect(dataOf(rebaselined).baseline).toMatchObject({ since: expect.any(String) });

      const plain = await check(as.owner, suiteId, { ...NOT_NULL, name: 'no baseline' });
      expect(
        errorOf(await as.owner.GET('/api/v1/suites/{id}/checks/{cid}/baseline', inCheck(suiteId, plain.id)))
          ?.status,
      ).toBe(422);
    });

    it('deletes a check; a check of another suite is not found', async () => {
      const created = await check(as.owner, suiteId, { ...NOT_NULL, name: 'to delete' });
      const other = await suite(as.owner);
      expect(
        errorOf(await as.owner.GET('/api/v1/suites/{id}/checks/{cid}', inCheck(other.id, created.id)))
          ?.status,
      ).toBe(404);
      expect(
        (await as.owner.DELETE('/api/v1/suites/{id}/checks/{cid}', inCheck(suiteId, created.id))).response
          .status,
      ).toBe(204);
      expect(await count('checks', 'id = $1', [created.id])).toBe(0);
    });
  });

  describe('export and import', () => {
    const exportOf = async (client: ApiClient, id: string) => {
      const exported = await client.GET('/api/v1/suites/{id}/export', inSuite(id));
      expect(exported.response.status).toBe(200);
      return dataOf(exported);
    };

    it('exports a portable document and imports it idempotently, remapping connections by name', async () => {
      const source = await suite(as.owner, { name: 'promoted suite', time_zone: 'Europe/Berlin' });
      await check(as.owner, source.id, { ...NOT_NULL, name: 'a' });
      await check(as.owner, source.id, {
        name: 'b',
        kind: 'expectation',
        thresholds: { warn: 1 },
        config: { expectation_type: 'expect_column_values_to_be_unique', kwargs: { column: 'order_id' } },
      });
      const document = await exportOf(as.owner, source.id);
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
      expect(JSON.stringify(document)).not.toContain(source.id);
      expect(JSON.stringify(document)).not.toContain(postgresId);

      // The owner imports the same document back: the suite is theirs, so nothing changes.
      const again = await as.owner.POST('/api/v1/suites/import', { body: { document } });
      expect(again.response.status).toBe(200);
      expect(dataOf(again)).toMatchObject({
        created: false,
        suite: { id: source.id },
        checks: { created: [], updated: [], unchanged: ['a', 'b'], not_in_document: [] },
      });
      expect(await count('suites', 'name = $1', ['promoted suite'])).toBe(1);

      // "Another environment": a connection with another name, mapped in the request.
      const prodId = await connection({
        name: 'orders-db-prod',
        kind: 'postgres',
        config: {
          host: 'prod.example.test',
          port: 5432,
          database: 'shop',
          user: 'reader',
          sslmode: 'require',
        },
        credential: { password: SECRET },
      });
      const renamed = { ...document, suite: { ...document.suite, name: 'promoted suite (prod)' } };
      const unresolved = await as.member.POST('/api/v1/suites/import', {
        body: {
          document: {
            ...renamed,
            suite: { ...renamed.suite, connection: { name: 'nope', kind: 'postgres' } },
          },
        },
      });
      expect(errorOf(unresolved)).toMatchObject({
        status: 422,
        detail: {
          unresolved_connections: [{ name: 'nope', kind: 'postgres', field: 'document.suite.connection' }],
        },
      });
      const promoted = await as.member.POST('/api/v1/suites/import', {
        body: { document: renamed, connection_map: { 'orders-db': 'orders-db-prod' } },
      });
      expect(promoted.response.status).toBe(201);
      const imported = dataOf(promoted);
      expect(imported.suite).toMatchObject({ owner_id: ids.member, connection_id: prodId, check_count: 2 });
      expect(imported.checks['created']).toEqual(['a', 'b']);
      const twice = await as.member.POST('/api/v1/suites/import', {
        body: { document: renamed, connection_map: { 'orders-db': prodId } },
      });
      expect(twice.response.status).toBe(200);
      expect(await count('suites', 'name = $1', ['promoted suite (prod)'])).toBe(1);
      expect(await count('checks', 'suite_id = $1', [imported.suite.id])).toBe(2);

      // A changed check updates in place with a new version.
      const changedChecks = document.checks.map((entry) =>
        entry.name === 'a' ? { ...entry, thresholds: { warn: 2 } } : entry,
      );
      const updated = await as.member.POST('/api/v1/suites/import', {
        body: { document: { ...renamed, checks: changedChecks }, connection_map: { 'orders-db': prodId } },
      });
      expect(dataOf(updated)).toMatchObject({
        created: false,
        checks: { updated: ['a'], unchanged: ['b'] },
      });
      const [versionRow] = await world.db.query<{ version: number; change: string }[]>(
        `SELECT v.version, v.change FROM check_versions v JOIN checks c ON c.id = v.check_id
          WHERE c.suite_id = $1 AND c.name = 'a' ORDER BY v.version DESC LIMIT 1`,
        [imported.suite.id],
      );
      expect(versionRow).toEqual({ version: 2, change: 'imported' });
    });

    it('refuses a document with a bad check as a whole: nothing is written', async () => {
      const before = [await count('suites'), await count('checks')];
      // A hand-written, incomplete document: outside the document's types, so sent raw.
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
      const fields = (refused.body as { error: { detail: { fields: { field: string }[] } } }).error.detail
        .fields;
      expect(fields[0].field).toMatch(/^document\.checks\[1\]\.config\.expectation_type/);
      expect([await count('suites'), await count('checks')]).toEqual(before);

      const viewer = await call(api, 'POST', '/suites/import', {
        token: tokens.viewer,
        body: { document: {} },
      });
      expect(viewer.status).toBe(403);
    });

    it('imports the exact document the export answered, bare or wrapped; a malformed wrapper is 422', async () => {
      const source = await suite(as.owner, { name: 'bare export' });
      await check(as.owner, source.id, { ...NOT_NULL, name: 'a' });
      const document = await exportOf(as.owner, source.id);
      const bare = await as.owner.POST('/api/v1/suites/import', { body: document });
      expect(bare.response.status).toBe(200);
      expect(dataOf(bare)).toMatchObject({
        created: false,
        suite: { id: source.id },
        checks: { unchanged: ['a'] },
      });
      const copy = { ...document, suite: { ...document.suite, name: 'bare export copy' } };
      const created = await as.member.POST('/api/v1/suites/import', { body: copy });
      expect(created.response.status).toBe(201);
      expect(dataOf(created)).toMatchObject({
        created: true,
        suite: { name: 'bare export copy', owner_id: ids.member },
      });

      // Malformed wrappers, outside the document's types: sent raw.
      const before = await count('suites');
      for (const body of [
        { document: 1 },
        { document: copy, extra: true },
        { document: copy, connection_map: { x: 1 } },
      ]) {
        const refused = await call(api, 'POST', '/suites/import', { token: tokens.member, body });
        expect(refused.status).toBe(422);
        expect((refused.body as { error: { code: string } }).error.code).toBe('validation_failed');
      }
      expect(await count('suites')).toBe(before);
    });

    it('suite names are unique in the workspace: create, rename and import onto a taken name are 409 suite_name_taken', async () => {
      const owned = await suite(as.owner, { name: 'unique in the workspace' });
      const before = await count('suites');
      // Another user, who cannot even see the suite, still cannot take its name.
      const duplicate = await as.member.POST('/api/v1/suites', {
        body: { name: 'unique in the workspace', connection_id: postgresId, target: 'public.orders' },
      });
      expect(errorOf(duplicate)).toMatchObject({
        status: 409,
        code: 'suite_name_taken',
        detail: { field: 'name' },
      });
      const mine = await suite(as.member, { name: 'member suite' });
      const rename = await as.member.PATCH('/api/v1/suites/{id}', {
        ...inSuite(mine.id),
        body: { name: 'unique in the workspace' },
      });
      expect(errorOf(rename)).toMatchObject({ status: 409, code: 'suite_name_taken' });
      expect(dataOf(await as.member.GET('/api/v1/suites/{id}', inSuite(mine.id)))).toMatchObject({
        name: 'member suite',
      });
      // Renaming to its own name, or to a free one, is fine.
      const same = await as.member.PATCH('/api/v1/suites/{id}', {
        ...inSuite(mine.id),
        body: { name: 'member suite' },
      });
      expect(same.response.status).toBe(200);

      const exported = await exportOf(as.owner, owned.id);
      const imported = await as.member.POST('/api/v1/suites/import', { body: exported });
      expect(errorOf(imported)).toMatchObject({
        status: 409,
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
      const home = await suite(as.owner);
      const comparison = (config: Record<string, unknown>) =>
        as.owner.POST('/api/v1/suites/{id}/checks', {
          ...inSuite(home.id),
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
      expect(errorOf(refused)).toMatchObject({ status: 422, code: 'validation_failed' });
      expect(JSON.stringify(errorOf(refused)?.detail)).toContain('config.compare_columns');
      // What the query selects is known only to the datasource: the run compares the common columns.
      const saved = await comparison({
        baseline: { query: 'SELECT order_id, amount FROM public.orders_baseline' },
      });
      expect(saved.response.status).toBe(201);
    });
  });
});
