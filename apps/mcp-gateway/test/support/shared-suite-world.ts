import { type AppProcess, call, type HttpResult, GatewayWorld, McpTestClient } from '@dq/testing';

/** Raised authenticated rate limit: a spec's back-to-back REST and MCP calls must never be throttled. */
export const GATEWAY_ENV = { RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000' };

export type Principal = 'admin' | 'owner' | 'editor' | 'viewer' | 'stranger';
const PRINCIPALS: readonly [Principal, 'admin' | 'member' | 'viewer'][] = [
  ['admin', 'admin'],
  ['owner', 'member'],
  ['editor', 'member'],
  ['viewer', 'viewer'],
  ['stranger', 'member'],
];

/** The body of a refused tool call: REST's error envelope with its HTTP status. */
export interface Refusal {
  error: { code: string; detail: { fields?: { field: string }[] } };
  status: number;
}

export interface GatewayPair {
  world: GatewayWorld;
  /** The REST gateway's `/api/v1` base. */
  api: string;
  mcp: AppProcess;
}

/** A fresh world with a REST gateway and an mcp-gateway on the same database. */
export async function startGatewayPair(name: string): Promise<GatewayPair> {
  const world = await GatewayWorld.create(name);
  const [gateway, mcp] = await Promise.all([
    world.startGateway(GATEWAY_ENV),
    world.startMcpGateway(GATEWAY_ENV),
  ]);
  return { world, api: `${gateway.url}/api/v1`, mcp };
}

export interface SharedSuiteWorld extends GatewayPair {
  tokens: Record<Principal, string>;
  /** One connected MCP client per principal. */
  clients: Record<Principal, McpTestClient>;
  /** A postgres suite owned by `owner`, shared for edit with `editor` and for view with `viewer`. */
  suiteId: string;
  rest(who: Principal, method: string, path: string, body?: unknown): Promise<HttpResult>;
  close(): Promise<void>;
}

/**
 * The world the MCP parity specs share: both gateways, a token and an MCP client for an admin, the
 * suite's owner, an editor, a viewer and a stranger, and one shared suite on a postgres connection.
 */
export async function createSharedSuiteWorld(
  name: string,
  options: { suiteName: string },
): Promise<SharedSuiteWorld> {
  const { world, api, mcp } = await startGatewayPair(name);
  const tokens = {} as Record<Principal, string>;
  for (const [who, role] of PRINCIPALS) tokens[who] = await world.mintToken(`${who}@example.test`, role);
  const rest = (who: Principal, method: string, path: string, body?: unknown) =>
    call(api, method, path, { token: tokens[who], ...(body !== undefined ? { body } : {}) });
  const connection = await rest('admin', 'POST', '/connections', {
    name: 'orders-db',
    kind: 'postgres',
    config: { host: 'db.example.test', port: 5432, database: 'shop', user: 'reader', sslmode: 'require' },
    credential: { password: `${name}-secret` },
  });
  expect(connection.status).toBe(201);
  const suite = await rest('owner', 'POST', '/suites', {
    name: options.suiteName,
    connection_id: (connection.body as { id: string }).id,
    target: 'public.orders',
  });
  expect(suite.status).toBe(201);
  const suiteId = (suite.body as { id: string }).id;
  for (const [who, grant] of [
    ['editor', 'edit'],
    ['viewer', 'view'],
  ] as const) {
    const me = await rest(who, 'GET', '/me');
    const share = await rest('owner', 'POST', `/suites/${suiteId}/shares`, {
      user_id: (me.body as { id: string }).id,
      grant,
    });
    expect(share.status).toBe(201);
  }
  const clients = {} as Record<Principal, McpTestClient>;
  for (const [who] of PRINCIPALS) clients[who] = await McpTestClient.connect(mcp.url, { token: tokens[who] });
  return {
    world,
    api,
    mcp,
    tokens,
    clients,
    suiteId,
    rest,
    close: async () => {
      await Promise.all(Object.values(clients).map((client) => client.close()));
      await world.close();
    },
  };
}
