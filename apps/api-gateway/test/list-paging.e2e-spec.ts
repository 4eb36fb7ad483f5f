/**
 * Paging and filters of every list over HTTP: `limit` and `cursor`, `{items, next_cursor}` bodies,
 * GET /suites' array with `Link` and `X-Total-Count` (never counting a suite the caller cannot
 * see), and 422 for a limit out of range or a cursor that is not one of the list's own.
 */
import { randomUUID } from 'node:crypto';
import { type AppProcess, call, GatewayWorld, type HttpResult } from '@dq/testing';

interface Page<T> {
  items: T[];
  next_cursor: string | null;
}
interface Named {
  id: string;
  name: string;
}

describe('list paging and filters', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let api: string;
  const tokens = { admin: '', owner: '', viewer: '' };
  const ids = { owner: '', viewer: '' };
  let connectionId: string;
  let otherConnectionId: string;
  const ownerSuites: Named[] = [];

  const get = (token: string, path: string): Promise<HttpResult> => call(api, 'GET', path, { token });

  /** Every page of a `{items, next_cursor}` list, following `next_cursor`. */
  async function walk<T>(token: string, path: string): Promise<{ items: T[]; pages: number }> {
    const items: T[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const answer = await get(
        token,
        cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path,
      );
      expect(answer.status).toBe(200);
      const page = answer.body as Page<T>;
      items.push(...page.items);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 50);
    return { items, pages };
  }

  /** A 422 `validation_failed` naming `field`. */
  function expectRefused(answer: HttpResult, field: string): void {
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: { code: 'validation_failed' } });
    expect(JSON.stringify((answer.body as { error: { detail: unknown } }).error.detail)).toContain(field);
  }

  beforeAll(async () => {
    world = await GatewayWorld.create('list-paging');
    gateway = await world.startGateway({ RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    api = `${gateway.url}/api/v1`;
    tokens.admin = await world.mintToken('admin@example.test', 'admin');
    tokens.owner = await world.mintToken('owner@example.test', 'member');
    tokens.viewer = await world.mintToken('viewer@example.test', 'viewer');
    for (const who of ['owner', 'viewer'] as const)
      ids[who] = ((await get(tokens[who], '/me')).body as { id: string }).id;
    const connection = async (name: string, kind = 'postgres'): Promise<string> => {
      const config =
        kind === 'postgres'
          ? { host: 'db.example.test', port: 5432, database: 'd', user: 'u' }
          : { subscription_id: 's', resource_group: 'r', factory_name: 'f' };
      const created = await call(api, 'POST', '/connections', {
        token: tokens.admin,
        body: { name, kind, config },
      });
      expect(created.status).toBe(201);
      return (created.body as { id: string }).id;
    };
    connectionId = await connection('pg-main');
    otherConnectionId = await connection('pg-other');
    for (const name of ['pg-c', 'PG-d', 'pg-e']) await connection(name);
    await connection('adf-1', 'factory');
    for (let i = 0; i < 5; i += 1) {
      const created = await call(api, 'POST', '/suites', {
        token: tokens.owner,
        body: {
          name: `orders ${i}`,
          connection_id: i === 4 ? otherConnectionId : connectionId,
          target: 'public.orders',
        },
      });
      expect(created.status).toBe(201);
      ownerSuites.push(created.body as Named);
    }
    // The viewer sees two of the owner's five suites; the admin's own suite is hidden from them too.
    for (const suite of ownerSuites.slice(0, 2)) {
      const shared = await call(api, 'POST', `/suites/${suite.id}/shares`, {
        token: tokens.owner,
        body: { user_id: ids.viewer, grant: 'view' },
      });
      expect(shared.status).toBe(201);
    }
    const adminSuite = await call(api, 'POST', '/suites', {
      token: tokens.admin,
      body: { name: 'admin only', connection_id: connectionId, target: 'public.orders' },
    });
    expect(adminSuite.status).toBe(201);
  });

  afterAll(async () => {
    await world?.close();
  });

  describe('GET /connections', () => {
    it('pages by name with limit and cursor, each connection once', async () => {
      const { items, pages } = await walk<Named>(tokens.viewer, '/connections?limit=2');
      expect(pages).toBe(3);
      const names = items.map((connection) => connection.name);
      expect([...names].sort()).toEqual(['PG-d', 'adf-1', 'pg-c', 'pg-e', 'pg-main', 'pg-other'].sort());
      // In the database's order of names, as the keyset reads them.
      const ordered = await world.db.query<{ name: string }[]>(
        'SELECT name FROM connections WHERE deleted_at IS NULL ORDER BY name, id',
      );
      expect(names).toEqual(ordered.map((row) => row.name));
      const all = (await get(tokens.viewer, '/connections')).body as Page<Named>;
      expect(all.items).toHaveLength(6);
      expect(all.next_cursor).toBeNull();
    });

    it('filters by kind and by a part of the name, ignoring case', async () => {
      const factories = (await get(tokens.viewer, '/connections?kind=factory')).body as Page<Named>;
      expect(factories.items.map((connection) => connection.name)).toEqual(['adf-1']);
      const named = (await get(tokens.viewer, '/connections?name=pg-D')).body as Page<Named>;
      expect(named.items.map((connection) => connection.name)).toEqual(['PG-d']);
      expectRefused(await get(tokens.viewer, '/connections?kind=mainframe'), 'kind');
    });

    it('refuses a limit outside 1..200 and a cursor that is not its own with 422', async () => {
      for (const limit of ['0', '201', 'abc', '', '1.5']) {
        expectRefused(await get(tokens.viewer, `/connections?limit=${limit}`), 'limit');
      }
      expect((await get(tokens.viewer, '/connections?limit=200')).status).toBe(200);
      expect((await get(tokens.viewer, '/connections?limit=1')).status).toBe(200);
      const suitesPage = await get(tokens.owner, '/suites?limit=1');
      const suiteCursor = new URL(
        /<([^>]+)>/.exec(suitesPage.headers.get('link') ?? '')?.[1] ?? '',
        'http://x',
      ).searchParams.get('cursor');
      for (const cursor of ['garbage', 'eyJ4IjoxfQ', suiteCursor ?? 'x']) {
        expectRefused(await get(tokens.viewer, `/connections?cursor=${cursor}`), 'cursor');
      }
    });

    it("pages a connection's versions newest first", async () => {
      for (const port of [5433, 5434]) {
        const changed = await call(api, 'PATCH', `/connections/${connectionId}`, {
          token: tokens.admin,
          body: { config: { port } },
        });
        expect(changed.status).toBe(200);
      }
      const { items, pages } = await walk<{ version: number }>(
        tokens.owner,
        `/connections/${connectionId}/versions?limit=2`,
      );
      expect(items.map((version) => version.version)).toEqual([3, 2, 1]);
      expect(pages).toBe(2);
      expectRefused(await get(tokens.owner, `/connections/${connectionId}/versions?limit=0`), 'limit');
    });
  });

  describe('GET /suites', () => {
    it('keeps its array body; Link names the next page and X-Total-Count counts only what the caller sees', async () => {
      const first = await get(tokens.viewer, '/suites?limit=1');
      expect(first.status).toBe(200);
      expect(first.body).toEqual([expect.objectContaining({ name: 'orders 0' })]);
      expect(first.headers.get('x-total-count')).toBe('2');
      const link = first.headers.get('link') ?? '';
      expect(link).toMatch(/^<\/api\/v1\/suites\?limit=1&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
      const next = await call(gateway.url, 'GET', /<([^>]+)>/.exec(link)?.[1] ?? '', {
        token: tokens.viewer,
      });
      expect(next.body).toEqual([expect.objectContaining({ name: 'orders 1' })]);
      expect(next.headers.get('x-total-count')).toBe('2');
      expect(next.headers.get('link')).toBeNull();
      // Without a limit: the whole first page of 50, no Link.
      const all = await get(tokens.viewer, '/suites');
      expect((all.body as Named[]).map((suite) => suite.name)).toEqual(['orders 0', 'orders 1']);
      expect(all.headers.get('link')).toBeNull();
      expect((await get(tokens.admin, '/suites')).headers.get('x-total-count')).toBe('6');
    });

    it('walks all pages through Link, each suite once, filters kept', async () => {
      const names: string[] = [];
      let path: string | null = '/api/v1/suites?limit=2&owner=me';
      while (path !== null) {
        const page = await call(gateway.url, 'GET', path, { token: tokens.owner });
        expect(page.headers.get('x-total-count')).toBe('5');
        names.push(...(page.body as Named[]).map((suite) => suite.name));
        path = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1] ?? null;
      }
      expect(names).toEqual(['orders 0', 'orders 1', 'orders 2', 'orders 3', 'orders 4']);
    });

    it('filters by part of the name, connection and owner', async () => {
      const names = async (token: string, query: string) => {
        const answer = await get(token, `/suites?${query}`);
        expect(answer.status).toBe(200);
        return {
          names: (answer.body as Named[]).map((suite) => suite.name),
          total: answer.headers.get('x-total-count'),
        };
      };
      expect(await names(tokens.admin, 'name=ORDERS%203')).toEqual({ names: ['orders 3'], total: '1' });
      expect(await names(tokens.admin, `connection_id=${otherConnectionId}`)).toEqual({
        names: ['orders 4'],
        total: '1',
      });
      expect(await names(tokens.admin, `owner=${ids.owner}&limit=1`)).toEqual({
        names: ['orders 0'],
        total: '5',
      });
      expect(await names(tokens.admin, 'owner=me')).toEqual({ names: ['admin only'], total: '1' });
      // A viewer filtering by the owner still sees only what is shared with them.
      expect(await names(tokens.viewer, `owner=${ids.owner}`)).toEqual({
        names: ['orders 0', 'orders 1'],
        total: '2',
      });
      expect(await names(tokens.viewer, 'name=admin')).toEqual({ names: [], total: '0' });
    });

    it('refuses bad limits, owners, connection ids and cursors with 422', async () => {
      expectRefused(await get(tokens.owner, '/suites?limit=0'), 'limit');
      expectRefused(await get(tokens.owner, '/suites?limit=500'), 'limit');
      expectRefused(await get(tokens.owner, '/suites?owner=someone'), 'owner');
      expectRefused(await get(tokens.owner, '/suites?connection_id=nope'), 'connection_id');
      expectRefused(await get(tokens.owner, '/suites?cursor=%%%'), 'cursor');
      const connections = (await get(tokens.owner, '/connections?limit=1')).body as Page<Named>;
      expectRefused(await get(tokens.owner, `/suites?cursor=${connections.next_cursor ?? ''}`), 'cursor');
    });
  });

  describe('GET /suites/{id}/checks and its versions', () => {
    let suiteId: string;
    const check = async (name: string, extra: Record<string, unknown> = {}): Promise<Named> => {
      const created = await call(api, 'POST', `/suites/${suiteId}/checks`, {
        token: tokens.owner,
        body: {
          name,
          kind: 'expectation',
          config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
          ...extra,
        },
      });
      expect(created.status).toBe(201);
      return created.body as Named;
    };

    beforeAll(async () => {
      suiteId = ownerSuites[0].id;
      for (let i = 0; i < 4; i += 1) await check(`not null ${i}`);
      await check('disabled one', { enabled: false });
      await check('fresh enough', {
        kind: 'freshness',
        config: { column: 'updated_at', warn_after_hours: 24 },
      });
    });

    it('pages oldest first and filters by kind, name and enabled', async () => {
      const { items, pages } = await walk<Named>(tokens.viewer, `/suites/${suiteId}/checks?limit=4`);
      expect(pages).toBe(2);
      expect(items.map((item) => item.name)).toEqual([
        'not null 0',
        'not null 1',
        'not null 2',
        'not null 3',
        'disabled one',
        'fresh enough',
      ]);
      const names = async (query: string) =>
        ((await get(tokens.viewer, `/suites/${suiteId}/checks?${query}`)).body as Page<Named>).items.map(
          (item) => item.name,
        );
      expect(await names('kind=freshness')).toEqual(['fresh enough']);
      expect(await names('enabled=false')).toEqual(['disabled one']);
      expect(await names('name=NULL%203')).toEqual(['not null 3']);
      expect(await names('dimension=timeliness')).toEqual(['fresh enough']);
      expectRefused(await get(tokens.viewer, `/suites/${suiteId}/checks?enabled=maybe`), 'enabled');
      expectRefused(await get(tokens.viewer, `/suites/${suiteId}/checks?limit=201`), 'limit');
    });

    it("refuses another suite's cursor, and hides a suite the caller cannot see", async () => {
      const first = (await get(tokens.owner, `/suites/${suiteId}/checks?limit=1`)).body as Page<Named>;
      const other = ownerSuites[1].id;
      expectRefused(
        await get(tokens.owner, `/suites/${other}/checks?cursor=${first.next_cursor ?? ''}`),
        'cursor',
      );
      expect((await get(tokens.viewer, `/suites/${ownerSuites[2].id}/checks?limit=1`)).status).toBe(404);
    });

    it("pages a check's versions newest first", async () => {
      const target = ((await get(tokens.owner, `/suites/${suiteId}/checks?limit=1`)).body as Page<Named>)
        .items[0];
      for (const name of ['renamed once', 'renamed twice']) {
        const changed = await call(api, 'PATCH', `/suites/${suiteId}/checks/${target.id}`, {
          token: tokens.owner,
          body: { name },
        });
        expect(changed.status).toBe(200);
      }
      const { items } = await walk<{ version: number }>(
        tokens.viewer,
        `/suites/${suiteId}/checks/${target.id}/versions?limit=1`,
      );
      expect(items.map((version) => version.version)).toEqual([3, 2, 1]);
    });
  });

  describe("a check's history", () => {
    it('narrows to from..to (ISO 8601), newest first, and refuses a malformed instant', async () => {
      const suiteId = ownerSuites[3].id;
      const created = await call(api, 'POST', `/suites/${suiteId}/checks`, {
        token: tokens.owner,
        body: {
          name: 'history check',
          kind: 'expectation',
          config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
        },
      });
      const checkId = (created.body as Named).id;
      for (const [hoursAgo, metric] of [
        [30, 1],
        [20, 2],
        [10, 3],
      ] as const) {
        const [run] = await world.db.query<{ id: string }[]>(
          `INSERT INTO runs (suite_id, status, trigger, finished_at)
           VALUES ($1, 'succeeded', 'api', now() - make_interval(hours => $2)) RETURNING id`,
          [suiteId, hoursAgo],
        );
        await world.db.query(
          `INSERT INTO run_results (run_id, check_id, outcome, metric_value, detail, finished_at)
           VALUES ($1, $2, 'pass', $3, '{"check_version": 1}', now() - make_interval(hours => $4))`,
          [run.id, checkId, metric, hoursAgo],
        );
      }
      const path = `/suites/${suiteId}/checks/${checkId}/history`;
      const at = (hoursAgo: number) =>
        encodeURIComponent(new Date(Date.now() - hoursAgo * 3_600_000).toISOString());
      const metrics = async (query: string) =>
        (
          (await get(tokens.owner, `${path}?${query}`)).body as {
            metric_value: number;
          }[]
        ).map((point) => point.metric_value);
      expect(await metrics('')).toEqual([3, 2, 1]);
      expect(await metrics(`from=${at(25)}`)).toEqual([3, 2]);
      expect(await metrics(`to=${at(15)}`)).toEqual([2, 1]);
      expect(await metrics(`from=${at(25)}&to=${at(15)}`)).toEqual([2]);
      expect(await metrics(`from=${at(25)}&limit=1`)).toEqual([3]);
      expectRefused(await get(tokens.owner, `${path}?from=yesterday`), 'from');

      // Pages through Link, each point once, the bounds kept; X-Total-Count counts within them.
      const seen: number[] = [];
      let next: string | null = `/api/v1${path}?to=${at(5)}&limit=1`;
      while (next !== null) {
        const page = await call(gateway.url, 'GET', next, { token: tokens.owner });
        expect(page.status).toBe(200);
        expect(page.headers.get('x-total-count')).toBe('3');
        seen.push(...(page.body as { metric_value: number }[]).map((point) => point.metric_value));
        next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1] ?? null;
      }
      expect(seen).toEqual([3, 2, 1]);
      expect((await get(tokens.owner, `${path}?from=${at(25)}`)).headers.get('x-total-count')).toBe('2');
      expectRefused(await get(tokens.owner, `${path}?limit=201`), 'limit');
      const foreign = (await get(tokens.owner, `/suites?limit=1`)).headers.get('link') ?? '';
      const cursor = /cursor=([A-Za-z0-9_-]+)/.exec(foreign)?.[1] ?? 'x';
      expectRefused(await get(tokens.owner, `${path}?cursor=${cursor}`), 'cursor');
    });
  });

  describe('shares, API keys and the user search', () => {
    it('page with limit and cursor', async () => {
      const shares = await walk<{ user_id: string }>(
        tokens.owner,
        `/suites/${ownerSuites[0].id}/shares?limit=1`,
      );
      expect(shares.items.map((share) => share.user_id)).toEqual([ids.viewer]);
      for (const name of ['one', 'two']) {
        const minted = await call(api, 'POST', '/me/api-keys', { token: tokens.viewer, body: { name } });
        expect(minted.status).toBe(201);
      }
      const keys = await walk<Named>(tokens.viewer, '/me/api-keys?limit=1');
      expect(keys.pages).toBe(3);
      expect(keys.items.map((key) => key.name).slice(0, 2)).toEqual(['two', 'one']);
      expect(new Set(keys.items.map((key) => key.id)).size).toBe(3);
      const users = await walk<{ email: string }>(tokens.owner, '/users/search?q=example.test&limit=1');
      expect(users.items.map((user) => user.email).sort()).toEqual([
        'admin@example.test',
        'owner@example.test',
        'viewer@example.test',
      ]);
      expectRefused(await get(tokens.owner, '/users/search?q=x&limit=0'), 'limit');
      expectRefused(await get(tokens.owner, `/me/api-keys?cursor=${randomUUID()}`), 'cursor');
    });
  });
});
