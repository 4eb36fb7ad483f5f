/**
 * The authorization matrix: every endpoint the gateway has, called with no credential and as each
 * workspace role, through a real gateway process. Later issues add their endpoints (and hidden-
 * suite rows) to ROWS; the test runs them all.
 */
import { randomUUID } from 'node:crypto';
import { type WorkspaceRole } from '@dq/contracts';
import { type AppProcess } from '@dq/testing';
import { GatewayWorld, call } from './support/gateway-world';

type Caller = 'none' | WorkspaceRole;
const CALLERS: Caller[] = ['none', 'viewer', 'member', 'admin'];

interface MatrixContext {
  /** A key of the calling user's own, fresh for each row. */
  ownKeyId: string;
  /** A key of somebody else's. */
  otherKeyId: string;
  /** A connection an admin made before the matrix ran. */
  connectionId: string;
  /** A connection made for this one call (for deletes). */
  disposableConnectionId: string;
  /** A connection to the real local PostgreSQL (trust), so a runner test of it answers 200. */
  testableConnectionId: string;
}

let connectionCounter = 0;
/** A PostgreSQL connection body; each call names it afresh (names are unique). */
function postgresConnection(): unknown {
  connectionCounter += 1;
  return {
    name: `matrix-pg-${connectionCounter}`,
    kind: 'postgres',
    config: {
      host: 'db.example.test',
      port: 5432,
      database: 'warehouse',
      user: 'reader',
      sslmode: 'require',
    },
    credential: { password: 'matrix-secret-password' },
  };
}

/** The shared local PostgreSQL (trust auth): a test through the runner succeeds quickly. */
const LOCAL_POSTGRES = {
  host: '127.0.0.1',
  port: 5432,
  database: 'postgres',
  user: 'postgres',
  sslmode: 'disable',
};

interface MatrixRow {
  endpoint: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: (context: MatrixContext) => string;
  /** A value, or a function that makes one per call. */
  body?: unknown;
  expect: Record<Caller, number>;
}

const AUTHENTICATED = { none: 401, viewer: 200, member: 200, admin: 200 };

const ROWS: MatrixRow[] = [
  { endpoint: 'GET /me', method: 'GET', path: () => '/me', expect: AUTHENTICATED },
  {
    endpoint: 'PATCH /me',
    method: 'PATCH',
    path: () => '/me',
    body: { display_name: 'Renamed' },
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'POST /me/api-keys',
    method: 'POST',
    path: () => '/me/api-keys',
    body: { name: 'matrix' },
    expect: { none: 401, viewer: 201, member: 201, admin: 201 },
  },
  { endpoint: 'GET /me/api-keys', method: 'GET', path: () => '/me/api-keys', expect: AUTHENTICATED },
  {
    endpoint: 'DELETE /me/api-keys/{own}',
    method: 'DELETE',
    path: (c) => `/me/api-keys/${c.ownKeyId}`,
    expect: { none: 401, viewer: 204, member: 204, admin: 204 },
  },
  {
    endpoint: "DELETE /me/api-keys/{someone else's}",
    method: 'DELETE',
    path: (c) => `/me/api-keys/${c.otherKeyId}`,
    expect: { none: 401, viewer: 404, member: 404, admin: 404 },
  },
  {
    endpoint: 'DELETE /me/api-keys/{unknown}',
    method: 'DELETE',
    path: () => `/me/api-keys/${randomUUID()}`,
    expect: { none: 401, viewer: 404, member: 404, admin: 404 },
  },
  {
    endpoint: 'GET /users/search',
    method: 'GET',
    path: () => '/users/search?q=example',
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'POST /auth/logout',
    method: 'POST',
    path: () => '/auth/logout',
    expect: { none: 401, viewer: 204, member: 204, admin: 204 },
  },
  {
    endpoint: 'POST /auth/otp/request (public)',
    method: 'POST',
    path: () => '/auth/otp/request',
    body: { email: 'someone@example.test' },
    expect: { none: 202, viewer: 202, member: 202, admin: 202 },
  },
  {
    endpoint: 'POST /auth/otp/verify (public, wrong code)',
    method: 'POST',
    path: () => '/auth/otp/verify',
    body: { email: 'someone@example.test', code: '00000000' },
    expect: { none: 401, viewer: 401, member: 401, admin: 401 },
  },
  { endpoint: 'GET /connections', method: 'GET', path: () => '/connections', expect: AUTHENTICATED },
  {
    endpoint: 'POST /connections',
    method: 'POST',
    path: () => '/connections',
    body: postgresConnection,
    expect: { none: 401, viewer: 403, member: 403, admin: 201 },
  },
  {
    endpoint: 'GET /connections/{id}',
    method: 'GET',
    path: (c) => `/connections/${c.connectionId}`,
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'PATCH /connections/{id}',
    method: 'PATCH',
    path: (c) => `/connections/${c.connectionId}`,
    body: () => ({ name: `matrix-renamed-${(connectionCounter += 1)}` }),
    expect: { none: 401, viewer: 403, member: 403, admin: 200 },
  },
  {
    endpoint: 'GET /connections/{id}/versions',
    method: 'GET',
    path: (c) => `/connections/${c.connectionId}/versions`,
    expect: { none: 401, viewer: 403, member: 200, admin: 200 },
  },
  {
    endpoint: 'POST /connections/{id}/test',
    method: 'POST',
    path: (c) => `/connections/${c.testableConnectionId}/test`,
    expect: { none: 401, viewer: 403, member: 200, admin: 200 },
  },
  {
    endpoint: 'POST /connections/test (draft)',
    method: 'POST',
    path: () => '/connections/test',
    body: { kind: 'postgres', config: LOCAL_POSTGRES, credential: { password: 'matrix-secret-password' } },
    expect: { none: 401, viewer: 403, member: 403, admin: 200 },
  },
  {
    endpoint: 'POST /connections/{id}/reauth',
    method: 'POST',
    path: (c) => `/connections/${c.testableConnectionId}/reauth`,
    body: { credential: { password: 'matrix-secret-password' } },
    expect: { none: 401, viewer: 403, member: 403, admin: 200 },
  },
  {
    endpoint: 'DELETE /connections/{id}',
    method: 'DELETE',
    path: (c) => `/connections/${c.disposableConnectionId}`,
    expect: { none: 401, viewer: 403, member: 403, admin: 204 },
  },
];

describe('authorization matrix', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  const tokens = {} as Record<WorkspaceRole, string>;
  let otherToken: string;
  let connectionId: string;
  let testableConnectionId: string;

  async function createConnection(config?: Record<string, unknown>): Promise<string> {
    const body = postgresConnection() as Record<string, unknown>;
    const created = await call(`${gateway.url}/api/v1`, 'POST', '/connections', {
      token: tokens.admin,
      body: config ? { ...body, config } : body,
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  async function mintKey(token: string): Promise<string> {
    const created = await call(`${gateway.url}/api/v1`, 'POST', '/me/api-keys', {
      token,
      body: { name: 'row' },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  beforeAll(async () => {
    world = await GatewayWorld.create('authz-matrix');
    // The runner answers the connection-test rows; the gateway never touches a datasource itself.
    [gateway] = await Promise.all([
      world.startGateway({
        RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
        RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '10000',
      }),
      world.startRunner(),
    ]);
    for (const role of ['viewer', 'member', 'admin'] as const)
      tokens[role] = await world.mintToken(`${role}@example.test`, role);
    otherToken = await world.mintToken('other@example.test', 'member');
    connectionId = await createConnection();
    testableConnectionId = await createConnection(LOCAL_POSTGRES);
  });

  afterAll(async () => {
    await world?.close();
  });

  const cases = ROWS.flatMap((row) => CALLERS.map((caller) => [row.endpoint, caller, row] as const));

  it.each(cases)('%s as %s', async (_endpoint, caller, row) => {
    const context: MatrixContext = {
      ownKeyId: caller === 'none' ? randomUUID() : await mintKey(tokens[caller]),
      otherKeyId: await mintKey(otherToken),
      connectionId,
      disposableConnectionId: row.endpoint.startsWith('DELETE /connections')
        ? await createConnection()
        : connectionId,
      testableConnectionId,
    };
    const body = typeof row.body === 'function' ? (row.body as () => unknown)() : row.body;
    const result = await call(`${gateway.url}/api/v1`, row.method, row.path(context), {
      ...(caller === 'none' ? {} : { token: tokens[caller] }),
      ...(body !== undefined ? { body } : {}),
    });
    expect(`${row.endpoint} as ${caller}: ${result.status}`).toBe(
      `${row.endpoint} as ${caller}: ${row.expect[caller]}`,
    );
    if (result.status >= 400) {
      const envelope = result.body as { error: { code: string; message: string; detail: unknown } };
      expect(Object.keys(envelope.error).sort()).toEqual(['code', 'detail', 'message']);
    }
    // What must not happen: someone else's key survives every attempt on it.
    const others = await call(`${gateway.url}/api/v1`, 'GET', '/me/api-keys', { token: otherToken });
    expect((others.body as { id: string }[]).some((key) => key.id === context.otherKeyId)).toBe(true);
    // ...and a refused delete leaves the connection in place.
    if (row.endpoint.startsWith('DELETE /connections') && caller !== 'admin') {
      const still = await call(
        `${gateway.url}/api/v1`,
        'GET',
        `/connections/${context.disposableConnectionId}`,
        {
          token: tokens.admin,
        },
      );
      expect(still.status).toBe(200);
    }
    // No credential is ever echoed.
    expect(result.text).not.toContain('matrix-secret-password');
  });
});
