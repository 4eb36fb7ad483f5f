/**
 * Hostile input never answers 5xx: every operation of the published OpenAPI document gets a
 * bounded set of hostile requests (JSON nested 3,000 deep, over the size bound, invalid UTF-8, a
 * NUL or a lone surrogate in every declared field, null, a lone string and mixed junk where arrays
 * are expected, hostile query strings and path parameters), as an Admin on real objects, with a
 * runner behind. The named regressions (profile's `columns`, `PATCH /me`, user search, depth
 * before authentication) are asserted exactly.
 */
import { randomUUID } from 'node:crypto';
import { type AppProcess, call, GatewayWorld, ScratchDatabase } from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

interface Operation {
  method: string;
  path: string;
  properties: string[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Schema {
  $ref?: string;
  properties?: Record<string, unknown>;
  allOf?: Schema[];
}

const BODY_METHODS = new Set(['post', 'put', 'patch']);
const DEEP = '{"a":'.repeat(2999) + '{}' + '}'.repeat(2999);

function propertiesOf(schema: Schema | undefined, document: OpenApiDocument): string[] {
  if (!schema) return [];
  if (schema.$ref) {
    return propertiesOf(document.components?.schemas?.[schema.$ref.split('/').pop() ?? ''], document);
  }
  return [
    ...Object.keys(schema.properties ?? {}),
    ...(schema.allOf ?? []).flatMap((part) => propertiesOf(part, document)),
  ];
}

/** Every operation of the document, JSON bodies with their declared top-level fields. */
function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch'].includes(method))
      .map(([method, operation]) => ({
        method,
        path,
        properties: propertiesOf(operation.requestBody?.content?.['application/json']?.schema, document),
      })),
  );
}

/** Bodies built from the fields an operation declares (and one field it does not), each hostile one way. */
function hostileBodies(properties: readonly string[]): { label: string; body: unknown }[] {
  const fields = properties.length > 0 ? properties : ['unexpected'];
  const every = (value: unknown): Record<string, unknown> =>
    Object.fromEntries(fields.map((field) => [field, value]));
  return [
    { label: 'NUL in every field', body: every('a\u0000b') },
    { label: 'lone surrogate in every field', body: every('a\ud800b') },
    { label: 'null in every field', body: every(null) },
    { label: 'a string in every field', body: every('x') },
    { label: 'junk array in every field', body: every(['x', 1, null, {}, [], 'a\u0000']) },
    { label: 'junk object in every field', body: every({ 0: 'x', length: 1 }) },
    { label: 'a bare array', body: [1, 'x', null] },
  ];
}

describe('hostile bodies and URLs', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  let admin: string;
  let viewer: string;
  let suiteId: string;
  let connectionId: string;
  let operations: Operation[];
  const database = new ScratchDatabase('hostile_e2e');

  /** A concrete URL for an operation: real ids where the path names the suite or connection. */
  const urlOf = (operation: Operation): string =>
    operation.path
      .replace(/^\/api\/v1/, '')
      .replace(/^\/suites\/\{[^}]+\}/, `/suites/${suiteId}`)
      .replace(/^\/connections\/\{[^}]+\}/, `/connections/${connectionId}`)
      .replace(/\{[^}]+\}/g, randomUUID());

  const raw = (method: string, path: string, body: string | Uint8Array, token?: string) =>
    fetch(`${api}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });

  beforeAll(async () => {
    await database.create(async (client) => {
      await client.query(`CREATE TABLE public.t (a int, b text)`);
      await client.query(`INSERT INTO public.t VALUES (1, 'x'), (2, NULL)`);
    });
    world = await GatewayWorld.create('hostile-bodies');
    [gateway] = await Promise.all([
      world.startGateway({ ...LOOPBACK_EGRESS, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000' }),
      world.startRunner(LOOPBACK_EGRESS),
    ]);
    api = `${gateway.url}/api/v1`;
    admin = await world.mintToken('admin@example.test', 'admin');
    viewer = await world.mintToken('viewer@example.test', 'viewer');
    connectionId = await database.connect(api, admin, 'hostile-db');
    const suite = await call(api, 'POST', '/suites', {
      token: admin,
      body: { name: 'hostile', connection_id: connectionId, target: 'public.t' },
    });
    expect(suite.status).toBe(201);
    suiteId = (suite.body as { id: string }).id;
    const document = (await (await fetch(`${api}/docs-json`)).json()) as OpenApiDocument;
    operations = operationsOf(document);
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await database.drop();
  });

  it('refuses JSON nested 3,000 deep with 422 invalid_json, before authentication', async () => {
    const anonymous = await raw('POST', '/suites', DEEP);
    expect(anonymous.status).toBe(422);
    expect(await anonymous.json()).toEqual({
      error: {
        code: 'invalid_json',
        message: 'Request body is nested deeper than 64 levels',
        detail: { reason: 'too_deep', max_depth: 64 },
      },
    });
    expect((await raw('PATCH', '/me', DEEP, viewer)).status).toBe(422);
  });

  it('refuses a NUL or lone surrogate in a body field, the query or the path, naming it', async () => {
    const me = await call(api, 'PATCH', '/me', { token: viewer, body: { display_name: 'a\u0000b' } });
    expect(me.status).toBe(422);
    expect(me.body).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Request validation failed',
        detail: { fields: [{ field: 'display_name', problems: ['must not contain a NUL character'] }] },
      },
    });
    const surrogate = await raw('PATCH', '/me', '{"display_name":"\\udc00"}', viewer);
    expect(surrogate.status).toBe(422);
    const search = await call(api, 'GET', '/users/search?q=%00', { token: viewer });
    expect(search.status).toBe(422);
    expect(search.body).toMatchObject({ error: { detail: { fields: [{ field: 'query.q' }] } } });
    expect((await call(api, 'GET', '/suites/%00', { token: viewer })).status).toBe(422);
    const invalid = await raw(
      'PATCH',
      '/me',
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
      viewer,
    );
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      error: { code: 'invalid_json', detail: { reason: 'invalid_utf8' } },
    });
  });

  it('refuses null or a lone string as profile and column-policy suggest columns (the runner threw: 500)', async () => {
    for (const path of [`/suites/${suiteId}/profile`, `/suites/${suiteId}/column-policy/suggest`]) {
      for (const columns of [null, 'x', ['a', 1]]) {
        const answer = await call(api, 'POST', path, { token: admin, body: { columns } });
        expect({ path, columns, status: answer.status }).toEqual({ path, columns, status: 422 });
        expect(answer.body).toMatchObject({
          error: { code: 'validation_failed', detail: { fields: [{ field: 'columns' }] } },
        });
      }
    }
    // A list still profiles, through the runner.
    const profiled = await call(api, 'POST', `/suites/${suiteId}/profile`, {
      token: admin,
      body: { columns: ['a'] },
    });
    expect(profiled.status).toBe(200);
  });

  it('answers every operation of the document below 500 for every hostile body, URL and size', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const fivexx: string[] = [];
    const note = async (label: string, answer: Promise<{ status: number }>) => {
      const { status } = await answer;
      if (status >= 500) fivexx.push(`${status} ${label}`);
    };
    const oversize = JSON.stringify({ x: 'y'.repeat(11 * 1024 * 1024) });
    for (const operation of operations) {
      const url = urlOf(operation);
      const method = operation.method.toUpperCase();
      const what = `${method} ${operation.path}`;
      await note(`${what} query NUL`, call(api, method, `${url}?q=%00&limit=%ED%A0%80`, { token: admin }));
      await note(`${what} path`, call(api, method, url.replace(/[^/]+$/, 'a%00%FF'), { token: admin }));
      if (!BODY_METHODS.has(operation.method)) continue;
      await note(`${what} deep`, raw(method, url, DEEP, admin));
      await note(
        `${what} invalid UTF-8`,
        raw(method, url, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), admin),
      );
      await note(`${what} oversize`, raw(method, url, oversize, admin));
      for (const { label, body } of hostileBodies(operation.properties)) {
        await note(`${what} ${label}`, call(api, method, url, { token: admin, body }));
      }
    }
    expect(fivexx).toEqual([]);
  });
});
