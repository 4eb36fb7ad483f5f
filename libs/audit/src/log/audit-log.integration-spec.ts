import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppError, AuditAction, type AuditEventInput, ErrorCode } from '@dq/contracts';
import { DbModule } from '@dq/db';
import { runWithLogContext } from '@dq/platform';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { AuditModule } from '../audit.module';
import { AuditLog } from './audit-log.service';

const PAT = 'svc_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

describe('AuditLog', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let audit: AuditLog;

  function event(overrides: Partial<AuditEventInput> = {}): AuditEventInput {
    return {
      action: AuditAction.ApiKeyCreated,
      actor_user_id: randomUUID(),
      actor_credential: 'pat:0b6f3c1e',
      target_type: 'api_key',
      target_id: randomUUID(),
      detail: { name: 'ci key' },
      ...overrides,
    };
  }

  type StoredRow = { action: string; detail: Record<string, unknown>; target_id: string };
  const rawRow = async (id: string) =>
    (
      await dataSource.query<StoredRow[]>(
        `SELECT action, detail, target_id FROM audit_events WHERE id = $1`,
        [id],
      )
    )[0];
  const count = async () =>
    Number((await dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM audit_events`))[0].n);

  beforeAll(async () => {
    env = await createIsolatedEnvironment('audit-log');
    const moduleRef = await Test.createTestingModule({
      imports: [DbModule.forRoot({ url: env.databaseUrl, applicationName: 'dq-audit-test' }), AuditModule],
    }).compile();
    context = await moduleRef.init();
    dataSource = context.get(DataSource);
    audit = context.get(AuditLog);
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  it('records an event and lists it with every field, request_id from the log context', async () => {
    const input = event();
    const recorded = await runWithLogContext({ request_id: 'req-audit-1' }, () => audit.record(input));

    expect(recorded).toEqual({
      id: expect.any(String),
      occurred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      action: input.action,
      actor_user_id: input.actor_user_id,
      actor_credential: input.actor_credential,
      target_type: input.target_type,
      target_id: input.target_id,
      detail: { name: 'ci key' },
      request_id: 'req-audit-1',
    });
    const page = await audit.list({ target_type: 'api_key', target_id: input.target_id! });
    expect(page).toEqual({ items: [recorded], next_cursor: null });
  });

  it('keeps an explicit request_id, and null outside any context', async () => {
    const explicit = await runWithLogContext({ request_id: 'from-context' }, () =>
      audit.record(event({ request_id: 'explicit' })),
    );
    expect(explicit.request_id).toBe('explicit');
    expect((await audit.record(event())).request_id).toBeNull();
  });

  it('scrubs secrets out of detail and credential-shaped text out of every field before writing', async () => {
    const recorded = await audit.record(
      event({
        actor_credential: PAT,
        detail: { name: 'ci key', token: PAT, nested: { password: 'hunter2', note: `Bearer abc.def` } },
      }),
    );
    const stored = await rawRow(recorded.id);
    expect(stored.detail).toEqual({
      name: 'ci key',
      token: '[redacted]',
      nested: { password: '[redacted]', note: '[redacted]' },
    });
    const everything = JSON.stringify(
      await dataSource.query(`SELECT * FROM audit_events WHERE id = $1`, [recorded.id]),
    );
    expect(everything).not.toContain('svc_live_');
    expect(everything).not.toContain('hunter2');
    expect(everything).not.toContain('abc.def');
  });

  it.each([
    ['UPDATE', (id: string) => `UPDATE audit_events SET action = 'forged', detail = '{}' WHERE id = '${id}'`],
    ['DELETE', (id: string) => `DELETE FROM audit_events WHERE id = '${id}'`],
    ['TRUNCATE', () => `TRUNCATE audit_events`],
  ])('the database refuses %s and the row stays as written', async (operation, statement) => {
    const recorded = await audit.record(event({ detail: { kept: true } }));
    const before = await count();

    await expect(dataSource.query(statement(recorded.id))).rejects.toThrow(
      `audit_events is append-only: ${operation} refused`,
    );

    expect(await rawRow(recorded.id)).toEqual({
      action: recorded.action,
      detail: { kept: true },
      target_id: recorded.target_id,
    });
    expect(await count()).toBe(before);
  });

  it("as a caller's WITH clause: one statement reads and records, detail scrubbed and merged with what it counted", async () => {
    const targetId = randomUUID();
    // The request id comes from the log context the clause is made in, as `record` takes it.
    const rows = await runWithLogContext({ request_id: 'req-with-clause' }, () => {
      const clause = audit.withClause(
        'audited',
        event({ target_id: targetId, actor_credential: PAT, detail: { filters: { q: 'x' }, token: PAT } }),
        2,
        `jsonb_build_object('rows', (SELECT count(*) FROM "page"))`,
      );
      return dataSource.query<{ n: number }[]>(
        `WITH "page" AS (SELECT g AS n FROM generate_series(1, $1::int) g), ${clause.sql}
         SELECT n FROM "page" ORDER BY n`,
        [3, ...clause.params],
      );
    });
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3]);
    const [stored] = (await audit.list({ target_id: targetId })).items;
    expect(stored).toMatchObject({
      action: AuditAction.ApiKeyCreated,
      target_id: targetId,
      request_id: 'req-with-clause',
      detail: { filters: { q: 'x' }, token: '[redacted]', rows: 3 },
    });
    expect(JSON.stringify(stored)).not.toContain('svc_live_');
  });

  it('as a conditional WITH clause: recorded only when the statement grants the read, with what that row holds', async () => {
    const readWith = (targetId: string, allowed: boolean): Promise<{ n: number }[]> => {
      const clause = audit.withClause(
        'audited',
        event({ target_id: targetId }),
        3,
        `jsonb_build_object('n', "found"."n")`,
        { from: '"found"', where: '"found"."allowed"' },
      );
      return dataSource.query<{ n: number }[]>(
        `WITH "found" AS (SELECT $1::int AS n, $2::boolean AS "allowed"), ${clause.sql}
         SELECT n FROM "found"`,
        [7, allowed, ...clause.params],
      );
    };
    const granted = randomUUID();
    const denied = randomUUID();
    expect(await readWith(granted, true)).toEqual([{ n: 7 }]);
    expect(await readWith(denied, false)).toEqual([{ n: 7 }]);

    const stored = (await audit.list({ target_id: granted })).items;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ target_id: granted, detail: { n: 7 } });
    expect((await audit.list({ target_id: denied })).items).toEqual([]);
  });

  it('a statement with the WITH clause that fails records nothing', async () => {
    const targetId = randomUUID();
    const clause = audit.withClause('audited', event({ target_id: targetId }), 1);
    await expect(dataSource.query(`WITH ${clause.sql} SELECT 1 / 0`, clause.params)).rejects.toThrow(
      'division by zero',
    );
    expect((await audit.list({ target_id: targetId })).items).toEqual([]);
  });

  it('writes inside the caller transaction: a rollback leaves nothing behind', async () => {
    const targetId = randomUUID();
    const before = await count();
    await expect(
      dataSource.transaction(async (manager) => {
        await audit.record(event({ target_id: targetId }), manager);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await count()).toBe(before);
    expect((await audit.list({ target_id: targetId })).items).toEqual([]);
  });

  it('commits together with the caller transaction', async () => {
    const targetId = randomUUID();
    await dataSource.transaction(async (manager) => {
      await audit.record(event({ target_id: targetId }), manager);
      // Not visible outside the transaction before it commits.
      expect((await audit.list({ target_id: targetId })).items).toEqual([]);
    });
    expect((await audit.list({ target_id: targetId })).items).toHaveLength(1);
  });

  it('pages newest first without gaps or repeats, even for events sharing one timestamp', async () => {
    const actor = randomUUID();
    // One transaction: now() is the same for every row, so only the id orders them.
    const ids = await dataSource.transaction(async (manager) => {
      const recorded: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        recorded.push((await audit.record(event({ actor_user_id: actor, detail: { i } }), manager)).id);
      }
      return recorded;
    });
    const later = await audit.record(event({ actor_user_id: actor, detail: { i: 4 } }));

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await audit.list({ actor_user_id: actor, limit: 2, before: cursor });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor ?? undefined;
      pages += 1;
    } while (cursor);

    expect(pages).toBe(3);
    expect(seen[0]).toBe(later.id);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set([...ids, later.id]));
    expect(seen.slice(1)).toEqual([...ids].sort().reverse());
  });

  it('filters by action and actor', async () => {
    const actor = randomUUID();
    await audit.record(event({ actor_user_id: actor, action: AuditAction.ApiKeyCreated }));
    await audit.record(event({ actor_user_id: actor, action: AuditAction.ApiKeyRevoked }));
    const revoked = await audit.list({ actor_user_id: actor, action: AuditAction.ApiKeyRevoked });
    expect(revoked.items.map((item) => item.action)).toEqual([AuditAction.ApiKeyRevoked]);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 201 }, 'limit'],
    [{ limit: 1.5 }, 'limit'],
    [{ actor_user_id: 'not-a-uuid' }, 'actor_user_id'],
    [{ before: 'bogus' }, 'before'],
  ])('refuses a bad query %j as 422 on %s', async (query, field) => {
    const failure = audit.list(query);
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
      detail: { fields: [{ field }] },
    });
  });

  it('defaults to 50 per page', async () => {
    const actor = randomUUID();
    await dataSource.transaction(async (manager) => {
      for (let i = 0; i < 51; i += 1) await audit.record(event({ actor_user_id: actor }), manager);
    });
    const page = await audit.list({ actor_user_id: actor });
    expect(page.items).toHaveLength(50);
    expect(page.next_cursor).toEqual(expect.any(String));
  });
});
