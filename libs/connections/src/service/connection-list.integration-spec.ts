import type { DataSource } from 'typeorm';
import { AppError, type ConnectionListQuery, type ConnectionResponse, ErrorCode } from '@dq/contracts';
import { SecretOpener } from '@dq/secrets-opening';
import { testActor } from '@dq/testing';
import { securityPorts } from '../ports/connection-ports';
import {
  type ConnectionsContext,
  scriptedEgressGuard,
  startConnectionsContext,
} from '../../test/connections-context';
import { ConnectionsService } from './connections.service';

const resolve = async () => [{ address: '93.184.216.34', family: 4 }];

describe('ConnectionsService list paging and filters', () => {
  let connections: ConnectionsContext;
  let db: DataSource;
  let service: ConnectionsService;
  const { sealer } = SecretOpener.withFreshKeyForTests();
  const actor = testActor();

  const createPostgres = (name: string) =>
    service.create(
      { name, kind: 'postgres', config: { host: 'db.example.com', port: 5432, database: 'd', user: 'u' } },
      actor,
    );

  /** Every page of `query`, in order, with a hook run between pages. */
  async function walk(
    query: ConnectionListQuery,
    between: (page: number) => Promise<void> = async () => undefined,
  ): Promise<ConnectionResponse[]> {
    const seen: ConnectionResponse[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const answer = await service.list({ ...query, cursor });
      expect(answer.items.length).toBeLessThanOrEqual(query.limit ?? 50);
      seen.push(...answer.items);
      if (answer.next_cursor === null) return seen;
      cursor = answer.next_cursor;
      await between(page);
    }
    throw new Error('more than 100 pages');
  }

  beforeAll(async () => {
    connections = await startConnectionsContext('connection-list', scriptedEgressGuard(resolve), (guard) =>
      securityPorts(sealer, guard),
    );
    ({ db, service } = connections);
    for (let i = 0; i < 23; i += 1) await createPostgres(`pg-${String(i).padStart(2, '0')}`);
    await service.create(
      {
        name: 'Factory 100%_off',
        kind: 'factory',
        config: { subscription_id: 's', resource_group: 'r', factory_name: 'f' },
      },
      actor,
    );
    // A deleted connection is never listed.
    await service.delete((await createPostgres('pg-gone')).id, actor);
  });

  afterAll(async () => {
    await connections?.close();
  });

  it('visits every live connection exactly once, by name, page after page', async () => {
    const all = await walk({ limit: 5 });
    const names = all.map((connection) => connection.name);
    expect(names).toHaveLength(24);
    expect(new Set(names).size).toBe(24);
    expect(names).not.toContain('pg-gone');
    const ordered = (
      await db.query<{ name: string }[]>(
        `SELECT "name" FROM "connections" WHERE "deleted_at" IS NULL ORDER BY "name", "id"`,
      )
    ).map((row) => row.name);
    expect(names).toEqual(ordered);
    // The default page is 50: one page holds them all.
    expect((await service.list({})).next_cursor).toBeNull();
    // A full last page says so with a null cursor, not with an empty page after it.
    const exact = await service.list({ limit: 24 });
    expect(exact.items).toHaveLength(24);
    expect(exact.next_cursor).toBeNull();
  });

  it('neither repeats nor skips a connection while others are added and removed between pages', async () => {
    const before = new Set((await walk({ limit: 50 })).map((connection) => connection.id));
    const added: string[] = [];
    const removed: string[] = [];
    const seen = await walk({ kind: 'postgres', limit: 4 }, async (page) => {
      // Names sort both before and after the cursor; one row already shown is deleted.
      added.push((await createPostgres(`pg-${String(page).padStart(2, '0')}a`)).id);
      added.push((await createPostgres(`aa-early-${page}`)).id);
      if (page === 1) {
        const victim = [...before].find((id) => !removed.includes(id));
        if (victim !== undefined) {
          const [row] = await db.query<{ kind: string }[]>(
            `SELECT "kind" FROM "connections" WHERE "id" = $1`,
            [victim],
          );
          if (row?.kind === 'postgres') {
            await service.delete(victim, actor);
            removed.push(victim);
          }
        }
      }
    });
    const ids = seen.map((connection) => connection.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Every postgres connection that lived through the walk was shown.
    for (const id of before) {
      const [row] = await db.query<{ kind: string; deleted_at: Date | null }[]>(
        `SELECT "kind", "deleted_at" FROM "connections" WHERE "id" = $1`,
        [id],
      );
      if (row.kind === 'postgres' && row.deleted_at === null) expect(ids).toContain(id);
    }
    // Rows added behind the cursor wait for the next walk; none ever appears twice.
    expect(ids.filter((id) => added.includes(id)).length).toBeLessThanOrEqual(added.length);
    for (const id of added) await service.delete(id, actor);
  });

  it('filters by kind and by a part of the name, ignoring case and taking % and _ literally', async () => {
    const factories = await service.list({ kind: 'factory' });
    expect(factories.items.map((connection) => connection.name)).toEqual(['Factory 100%_off']);
    expect((await service.list({ name: 'FACTORY' })).items).toHaveLength(1);
    expect((await service.list({ name: '100%_' })).items).toHaveLength(1);
    expect((await service.list({ name: '%' })).items).toHaveLength(1);
    expect((await service.list({ name: '_' })).items).toHaveLength(1);
    expect((await service.list({ name: 'pg-1' })).items.map((connection) => connection.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `pg-1${i}`),
    );
    expect((await service.list({ kind: 'warehouse' })).items).toEqual([]);
  });

  it('refuses a malformed, tampered or foreign cursor with validation_failed', async () => {
    const first = await service.list({ limit: 2 });
    const cursor = first.next_cursor ?? '';
    const tampered = Buffer.from(JSON.stringify(['connections', 'pg-05', 'not-a-uuid']), 'utf8').toString(
      'base64url',
    );
    const { id } = await createPostgres('cursor-source');
    await service.update(id, { config: { port: 5433 } }, actor);
    await service.update(id, { config: { port: 5434 } }, actor);
    const versions = await service.versions(id, { limit: 1 });
    const foreign = versions.next_cursor ?? '';
    expect(foreign).not.toBe('');
    for (const bad of ['nope', cursor.slice(0, -3), tampered, foreign, `${cursor}x`]) {
      const refused = await service.list({ cursor: bad }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe(ErrorCode.ValidationFailed);
      expect((refused as AppError).detail).toEqual({
        fields: [{ field: 'cursor', problems: [expect.any(String)] }],
      });
    }
    // A versions cursor of one connection is foreign to another's versions.
    const other = first.items[0]?.id ?? '';
    await expect(service.versions(other, { cursor: foreign })).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
  });

  it("pages a connection's versions newest first", async () => {
    const { id } = await createPostgres('versioned');
    for (const port of [5001, 5002, 5003, 5004]) await service.update(id, { config: { port } }, actor);
    const versions: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await service.versions(id, { limit: 2, cursor });
      versions.push(...page.items.map((version) => version.version));
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
    expect(versions).toEqual([5, 4, 3, 2, 1]);
  });
});
