import { call, type GatewayWorld, type HttpResult } from '@dq/testing';

export type Principal = 'admin' | 'owner' | 'member' | 'viewer' | 'stranger';
const ROLES: readonly [Principal, 'admin' | 'member' | 'viewer'][] = [
  ['admin', 'admin'],
  ['owner', 'member'],
  ['member', 'member'],
  ['viewer', 'viewer'],
  ['stranger', 'member'],
];

export interface Principals {
  tokens: Record<Principal, string>;
  as(who: Principal, method: string, path: string, body?: unknown): Promise<HttpResult>;
  /** Creates a suite of the owner's on the connection, targeting `public.orders`. */
  suite(name: string): Promise<string>;
  /** Shares an owner's suite for edit with `member` and for view with `viewer`. */
  share(suiteId: string): Promise<void>;
}

/**
 * The callers the suite-scoped specs need: a token for an admin, a suite's owner, a member the owner
 * shares with for edit, a viewer shared with for view, and a stranger; the owner's suites go on one
 * admin-created postgres connection.
 */
export async function seedPrincipals(world: GatewayWorld, api: string, label: string): Promise<Principals> {
  const tokens = {} as Record<Principal, string>;
  for (const [who, role] of ROLES) tokens[who] = await world.mintToken(`${who}@example.test`, role);
  const as = (who: Principal, method: string, path: string, body?: unknown) =>
    call(api, method, path, { token: tokens[who], ...(body !== undefined ? { body } : {}) });
  const connection = await as('admin', 'POST', '/connections', {
    name: 'orders-db',
    kind: 'postgres',
    config: { host: 'db.example.test', port: 5432, database: 'shop', user: 'reader', sslmode: 'require' },
    credential: { password: `${label}-e2e-secret` },
  });
  expect(connection.status).toBe(201);
  const connectionId = (connection.body as { id: string }).id;
  return {
    tokens,
    as,
    suite: async (name) => {
      const created = await as('owner', 'POST', '/suites', {
        name,
        connection_id: connectionId,
        target: 'public.orders',
      });
      expect(created.status).toBe(201);
      return (created.body as { id: string }).id;
    },
    share: async (suiteId) => {
      for (const [who, grant] of [
        ['member', 'edit'],
        ['viewer', 'view'],
      ] as const) {
        const me = (await as(who, 'GET', '/me')).body as { id: string };
        expect(
          (await as('owner', 'POST', `/suites/${suiteId}/shares`, { user_id: me.id, grant })).status,
        ).toBe(201);
      }
    },
  };
}
