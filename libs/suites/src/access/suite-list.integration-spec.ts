import { randomUUID } from 'node:crypto';
import { type DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  ErrorCode,
  type SuiteListQuery,
  type WorkspaceRole,
  encodeListCursor,
} from '@dq/contracts';
import { createDataSource } from '@dq/db';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { type Actor } from '@dq/auth';
import { SuiteAccessService } from './suite-access.service';

/** `GET /suites` paging: pages, totals and filters under each caller's visibility. */
describe('SuiteAccessService.visiblePage', () => {
  let env: IsolatedEnvironment;
  let dataSource: DataSource;
  let access: SuiteAccessService;
  const ids = { owner: randomUUID(), viewer: randomUUID(), other: randomUUID(), admin: randomUUID() };
  const connections = { a: randomUUID(), b: randomUUID() };
  const shared: string[] = [];

  const actor = (id: string, role: WorkspaceRole, admin = false): Actor => ({
    user: { id, email: `${id}@example.test`, display_name: id, role, is_workspace_admin: admin },
    credential: 'test',
  });
  const owner = actor(ids.owner, 'member');
  const viewer = actor(ids.viewer, 'viewer');
  const admin = actor(ids.admin, 'admin', true);

  /** Inserts a suite without its connection row (this spec reads none). */
  const insertSuite = async (
    name: string,
    ownerId: string,
    connectionId = connections.a,
    manager?: EntityManager,
  ) => {
    const id = randomUUID();
    const run = async (m: EntityManager) => {
      await m.query(`SET LOCAL session_replication_role = replica`);
      await m.query(
        `INSERT INTO suites (id, name, connection_id, target, owner_id) VALUES ($1, $2, $3, 'public.t', $4)`,
        [id, name, connectionId, ownerId],
      );
    };
    if (manager) await run(manager);
    else await dataSource.transaction(run);
    return id;
  };

  async function walk(
    who: Actor,
    query: SuiteListQuery,
    between: (page: number) => Promise<void> = async () => undefined,
  ) {
    const names: string[] = [];
    const totals: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const answer = await access.visiblePage(who, { ...query, cursor });
      names.push(...answer.suites.map(({ suite }) => suite.name));
      totals.push(answer.total);
      if (answer.next_cursor === null) return { names, totals };
      cursor = answer.next_cursor;
      await between(page);
    }
    throw new Error('more than 100 pages');
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('suite-list');
    dataSource = createDataSource({ url: env.databaseUrl, applicationName: 'suite-list-spec' });
    await dataSource.initialize();
    access = new SuiteAccessService(dataSource);
    await dataSource.transaction(async (manager) => {
      for (const [name, id] of Object.entries(ids)) {
        await manager.query(`INSERT INTO users (id, email, display_name, role) VALUES ($1, $2, $3, $4)`, [
          id,
          `${name}@example.test`,
          name,
          name === 'viewer' ? 'viewer' : name === 'admin' ? 'admin' : 'member',
        ]);
      }
      for (let i = 0; i < 20; i += 1) {
        const id = await insertSuite(
          `orders ${String(i).padStart(2, '0')}`,
          ids.owner,
          i < 5 ? connections.b : connections.a,
          manager,
        );
        // Every other suite is shared with the viewer; the rest stay hidden from them.
        if (i % 2 === 0) {
          shared.push(id);
          await manager.query(
            `INSERT INTO suite_shares (suite_id, user_id, "grant") VALUES ($1, $2, 'view')`,
            [id, ids.viewer],
          );
        }
      }
      for (let i = 0; i < 5; i += 1) await insertSuite(`Payments_${i}`, ids.other, connections.a, manager);
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await env?.cleanup();
  });

  it('pages a viewer through the suites shared with them only; the total never counts a hidden one', async () => {
    const { names, totals } = await walk(viewer, { limit: 3 });
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `orders ${String(i * 2).padStart(2, '0')}`));
    expect(new Set(totals)).toEqual(new Set([10]));
    const filtered = await access.visiblePage(viewer, { name: 'payments' });
    expect(filtered).toEqual({ suites: [], next_cursor: null, total: 0 });
  });

  it('pages an admin through every suite by name, each once', async () => {
    const { names, totals } = await walk(admin, { limit: 7 });
    expect(names).toHaveLength(25);
    expect(new Set(names).size).toBe(25);
    expect(totals).toEqual([25, 25, 25, 25]);
    const sorted = (
      await dataSource.query<{ name: string }[]>(`SELECT name FROM suites ORDER BY name, id`)
    ).map((row) => row.name);
    expect(names).toEqual(sorted);
  });

  it('filters by part of the name, connection and owner (a user id or me)', async () => {
    const names = async (who: Actor, query: SuiteListQuery) =>
      (await access.visiblePage(who, query)).suites.map(({ suite }) => suite.name);
    expect(await names(admin, { name: 'PAYMENTS_' })).toHaveLength(5);
    expect(await names(admin, { name: '_' })).toHaveLength(5);
    expect(await names(admin, { connection_id: connections.b })).toEqual([
      'orders 00',
      'orders 01',
      'orders 02',
      'orders 03',
      'orders 04',
    ]);
    expect(await names(admin, { owner: ids.other })).toHaveLength(5);
    expect(await names(owner, { owner: 'me' })).toHaveLength(20);
    expect(await names(owner, { owner: ids.other })).toEqual([]);
    expect((await access.visiblePage(viewer, { connection_id: connections.b })).total).toBe(3);
  });

  it('neither repeats nor skips a suite while others are added between pages', async () => {
    const added: string[] = [];
    const { names } = await walk(owner, { limit: 4, owner: 'me' }, async (page) => {
      added.push(`aaa before ${page}`, `orders ${String(page).padStart(2, '0')}b`);
      await insertSuite(`aaa before ${page}`, ids.owner);
      await insertSuite(`orders ${String(page).padStart(2, '0')}b`, ids.owner);
    });
    expect(new Set(names).size).toBe(names.length);
    for (let i = 0; i < 20; i += 1) expect(names).toContain(`orders ${String(i).padStart(2, '0')}`);
    // Suites added before the cursor wait for the next walk.
    expect(names.filter((name) => name.startsWith('aaa before'))).toEqual([]);
  });

  it('refuses a malformed, tampered or foreign cursor with validation_failed', async () => {
    const page = await access.visiblePage(admin, { limit: 1 });
    const bad = [
      'garbage',
      (page.next_cursor ?? '').slice(1),
      encodeListCursor('suites', ['orders 00']),
      encodeListCursor('suites', ['orders 00', 'not-a-uuid']),
      encodeListCursor('connections', ['orders 00', randomUUID()]),
    ];
    for (const cursor of bad) {
      const refused = await access.visiblePage(admin, { cursor }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe(ErrorCode.ValidationFailed);
    }
  });
});
