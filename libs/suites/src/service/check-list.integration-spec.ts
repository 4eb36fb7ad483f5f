import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppError, type CheckListQuery, type CheckResponse, ErrorCode } from '@dq/contracts';
import { AuditModule } from '@dq/audit';
import { ConnectionDirectory, ConnectionsModule, ConnectionsService } from '@dq/connections';
import { DbModule } from '@dq/db';
import { type IsolatedEnvironment, createIsolatedEnvironment, testActor } from '@dq/testing';
import { type Actor } from '@dq/auth';
import { SuiteAccessService } from '../access/suite-access.service';
import { ChecksService } from './checks.service';
import { SuitesService } from './suites.service';

/** A suite's checks: pages oldest first, each check once while others are added, and filters. */
describe('ChecksService list paging and filters', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let checks: ChecksService;
  let suiteId: string;
  let otherSuiteId: string;
  const userId = randomUUID();
  const actor: Actor = {
    user: {
      id: userId,
      email: 'lister@example.test',
      display_name: 'lister',
      role: 'member',
      is_workspace_admin: false,
    },
    credential: 'pat:test',
  };
  const notNull = (name: string, extra: Record<string, unknown> = {}) =>
    checks.create(actor, suiteId, {
      name,
      kind: 'expectation',
      config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
      ...extra,
    });

  async function walk(query: CheckListQuery, between: () => Promise<void> = async () => undefined) {
    const seen: CheckResponse[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const answer = await checks.list(actor, suiteId, { ...query, cursor });
      seen.push(...answer.items);
      if (answer.next_cursor === null) return seen;
      cursor = answer.next_cursor;
      await between();
    }
    throw new Error('more than 100 pages');
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('check-list');
    const ports = {
      sealer: { seal: () => 'sealed-for-this-test' },
      urlPolicy: { assertAllowed: async () => undefined, assertHostAllowed: async () => undefined },
    };
    const moduleRef = await Test.createTestingModule({
      imports: [
        DbModule.forRoot({ url: env.databaseUrl, applicationName: 'check-list-spec' }),
        AuditModule,
        ConnectionsModule.forRoot(ports),
      ],
      providers: [SuitesService, ChecksService, SuiteAccessService, ConnectionDirectory],
    }).compile();
    context = await moduleRef.init();
    checks = context.get(ChecksService);
    const db = context.get(DataSource);
    await db.query(
      `INSERT INTO users (id, email, display_name, role) VALUES ($1, 'lister@example.test', 'lister', 'member')`,
      [userId],
    );
    const connection = await context.get(ConnectionsService).create(
      {
        name: 'pg',
        kind: 'postgres',
        config: { host: 'db.example.com', port: 5432, database: 'd', user: 'u' },
      },
      testActor(userId, { admin: true }),
    );
    const suites = context.get(SuitesService);
    suiteId = (
      await suites.create(actor, { name: 'listed', connection_id: connection.id, target: 'public.t' })
    ).id;
    otherSuiteId = (
      await suites.create(actor, { name: 'other', connection_id: connection.id, target: 'public.t' })
    ).id;
    for (let i = 0; i < 9; i += 1) await notNull(`present ${i}`);
    await notNull('switched off', { enabled: false });
    await notNull('fresh', { kind: 'freshness', config: { column: 'updated_at', warn_after_hours: 24 } });
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  it('visits every check once, oldest first, while checks are added between pages', async () => {
    const added: string[] = [];
    const seen = await walk({ limit: 3 }, async () => {
      added.push((await notNull(`added ${added.length}`)).id);
    });
    const names = seen.map((check) => check.name);
    expect(new Set(seen.map((check) => check.id)).size).toBe(seen.length);
    expect(names.slice(0, 11)).toEqual([
      ...Array.from({ length: 9 }, (_, i) => `present ${i}`),
      'switched off',
      'fresh',
    ]);
    // Checks added during the walk come after the cursor (they are newer): each shows once.
    expect(names.slice(11)).toEqual(added.map((_, i) => `added ${i}`));
  });

  it('filters by kind, part of the name, dimension and enabled', async () => {
    const names = async (query: CheckListQuery) =>
      (await checks.list(actor, suiteId, query)).items.map((check) => check.name);
    expect(await names({ kind: 'freshness' })).toEqual(['fresh']);
    expect(await names({ enabled: false })).toEqual(['switched off']);
    expect(await names({ name: 'PRESENT 7' })).toEqual(['present 7']);
    expect(await names({ dimension: 'timeliness' })).toEqual(['fresh']);
    expect(await names({ kind: 'expectation', enabled: true, limit: 2 })).toEqual(['present 0', 'present 1']);
  });

  it("refuses another suite's cursor and a malformed one", async () => {
    const page = await checks.list(actor, suiteId, { limit: 1 });
    for (const [suite, cursor] of [
      [otherSuiteId, page.next_cursor ?? ''],
      [suiteId, 'bm9wZQ'],
    ] as const) {
      const refused = await checks.list(actor, suite, { cursor }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe(ErrorCode.ValidationFailed);
    }
  });
});
