import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppError, ErrorCode, type ScheduleResponse } from '@dq/contracts';
import { AuditModule } from '@dq/audit';
import { type Actor } from '@dq/auth';
import { DbModule } from '@dq/db';
import { SuiteAccessService } from '@dq/suites';
import { type IsolatedEnvironment, createIsolatedEnvironment, testActor } from '@dq/testing';
import { SchedulesService } from './schedules.service';

/** The error a call fails with (or a failure when it succeeds). */
async function failure(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Schedules against the real database: who may do what, one per suite, fire times and audit. */
describe('SchedulesService', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let schedules: SchedulesService;
  let db: DataSource;
  const owner: Actor = testActor();
  const editor: Actor = testActor();
  const viewer: Actor = testActor(undefined, { role: 'viewer' });
  const stranger: Actor = testActor();
  const admin: Actor = testActor(undefined, { admin: true });
  let suiteA: string;
  let suiteB: string;

  async function insertSuite(name: string, ownerId: string): Promise<string> {
    const id = randomUUID();
    await db.transaction(async (manager) => {
      // The connection is a foreign key no schedule reads.
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(
        `INSERT INTO suites (id, name, connection_id, target, owner_id) VALUES ($1, $2, $3, 'public.t', $4)`,
        [id, name, randomUUID(), ownerId],
      );
    });
    return id;
  }

  async function auditOf(targetId: string): Promise<{ action: string; detail: Record<string, unknown> }[]> {
    return db.query(
      `SELECT "action", "detail" FROM "audit_events" WHERE "target_id" = $1 ORDER BY "occurred_at", "id"`,
      [targetId],
    );
  }

  async function scheduleCount(suiteId: string): Promise<number> {
    const [row] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS "n" FROM "schedules" WHERE "suite_id" = $1`,
      [suiteId],
    );
    return row?.n ?? 0;
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('schedules-service');
    const moduleRef = await Test.createTestingModule({
      imports: [DbModule.forRoot({ url: env.databaseUrl, applicationName: 'schedules-spec' }), AuditModule],
      providers: [SchedulesService, SuiteAccessService],
    }).compile();
    context = await moduleRef.init();
    schedules = context.get(SchedulesService);
    db = context.get(DataSource);
    for (const actor of [owner, editor, viewer, stranger, admin]) {
      await db.query(`INSERT INTO users (id, email, display_name, role) VALUES ($1, $2, $3, $4)`, [
        actor.user.id,
        actor.user.email,
        actor.user.display_name,
        actor.user.role,
      ]);
    }
    suiteA = await insertSuite('schedules a', owner.user.id);
    suiteB = await insertSuite('schedules b', owner.user.id);
    await db.query(
      `INSERT INTO suite_shares (suite_id, user_id, "grant") VALUES ($1, $2, 'edit'), ($1, $3, 'view')`,
      [suiteA, editor.user.id, viewer.user.id],
    );
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  describe('create', () => {
    let created: ScheduleResponse;

    it('stores the schedule with its next fire time from now and five upcoming ones with the offset', async () => {
      const before = Date.now();
      created = await schedules.create(owner, {
        suite_id: suiteA,
        cron: '0  6 * * 1-5',
        timezone: 'Europe/Berlin',
      });
      expect(created).toMatchObject({
        suite_id: suiteA,
        cron: '0 6 * * 1-5',
        timezone: 'Europe/Berlin',
        enabled: true,
        last_fired_at: null,
        last_run_id: null,
        missed_ticks: 0,
      });
      expect(created.upcoming_fire_times).toHaveLength(5);
      for (const text of created.upcoming_fire_times) expect(text).toMatch(/T06:00:00\+0[12]:00$/);
      expect(new Date(created.upcoming_fire_times[0]).toISOString()).toBe(created.next_fire_at);
      expect(Date.parse(created.next_fire_at as string)).toBeGreaterThan(before);
      const [row] = await db.query<{ next_fire_at: Date; created_by: string }[]>(
        `SELECT "next_fire_at", "created_by" FROM "schedules" WHERE "id" = $1`,
        [created.id],
      );
      expect(row?.next_fire_at.toISOString()).toBe(created.next_fire_at);
      expect(row?.created_by).toBe(owner.user.id);
      expect(await auditOf(created.id)).toEqual([
        {
          action: 'schedule.created',
          detail: { suite_id: suiteA, cron: '0 6 * * 1-5', timezone: 'Europe/Berlin', enabled: true },
        },
      ]);
    });

    it('refuses a second schedule for the suite with 409 naming the first, writing nothing', async () => {
      const error = await failure(
        schedules.create(editor, { suite_id: suiteA, cron: '0 7 * * *', timezone: 'UTC' }),
      );
      expect(error.code).toBe(ErrorCode.Conflict);
      expect(error.detail).toEqual({ field: 'suite_id', schedule_id: created.id });
      expect(await scheduleCount(suiteA)).toBe(1);
    });

    it('answers 404 for a suite the caller cannot see or that does not exist, 403 for view only', async () => {
      const input = { cron: '0 7 * * *', timezone: 'UTC' };
      expect((await failure(schedules.create(stranger, { ...input, suite_id: suiteB }))).code).toBe(
        ErrorCode.NotFound,
      );
      expect((await failure(schedules.create(owner, { ...input, suite_id: randomUUID() }))).code).toBe(
        ErrorCode.NotFound,
      );
      await db.query(`INSERT INTO suite_shares (suite_id, user_id, "grant") VALUES ($1, $2, 'view')`, [
        suiteB,
        viewer.user.id,
      ]);
      expect((await failure(schedules.create(viewer, { ...input, suite_id: suiteB }))).code).toBe(
        ErrorCode.Forbidden,
      );
      await db.query(`DELETE FROM suite_shares WHERE suite_id = $1`, [suiteB]);
      expect(await scheduleCount(suiteB)).toBe(0);
    });

    it('refuses a cron of six fields, a never-matching one and an unknown zone with 422 naming each field', async () => {
      const six = await failure(
        schedules.create(owner, { suite_id: suiteB, cron: '0 0 6 * * *', timezone: 'UTC' }),
      );
      expect(six.code).toBe(ErrorCode.ValidationFailed);
      expect(six.detail).toEqual({
        fields: [{ field: 'cron', problems: [expect.stringMatching(/5 fields/)] }],
      });
      const never = await failure(
        schedules.create(owner, { suite_id: suiteB, cron: '0 0 30 2 *', timezone: 'UTC' }),
      );
      expect(never.detail).toEqual({
        fields: [{ field: 'cron', problems: [expect.stringMatching(/never/)] }],
      });
      const zone = await failure(
        schedules.create(owner, { suite_id: suiteB, cron: '0 0 * * *', timezone: 'Europe/Atlantis' }),
      );
      expect(zone.detail).toEqual({ fields: [{ field: 'timezone', problems: [expect.any(String)] }] });
      expect(await scheduleCount(suiteB)).toBe(0);
    });

    it('a disabled schedule has no next fire time and no upcoming ones', async () => {
      const disabled = await schedules.create(owner, {
        suite_id: suiteB,
        cron: '*/30 * * * *',
        timezone: 'America/New_York',
        enabled: false,
      });
      expect(disabled).toMatchObject({ enabled: false, next_fire_at: null, upcoming_fire_times: [] });
      await schedules.delete(owner, disabled.id);
    });
  });

  describe('read, change and delete', () => {
    let id: string;

    beforeAll(async () => {
      const [row] = await db.query<{ id: string }[]>(`SELECT "id" FROM "schedules" WHERE "suite_id" = $1`, [
        suiteA,
      ]);
      id = row?.id;
    });

    it('shows the schedule to whoever sees the suite, and hides it as not found from others', async () => {
      expect((await schedules.get(viewer, id)).id).toBe(id);
      expect((await schedules.get(admin, id)).id).toBe(id);
      const hidden = await failure(schedules.get(stranger, id));
      expect(hidden.code).toBe(ErrorCode.NotFound);
      expect(hidden.message).toBe('Schedule not found');
      expect((await failure(schedules.get(owner, randomUUID()))).message).toBe('Schedule not found');
      expect((await failure(schedules.get(owner, 'not-a-uuid'))).code).toBe(ErrorCode.NotFound);
    });

    it('an editor moves it to another zone: next_fire_at is computed again from now, the change audited', async () => {
      const moved = await schedules.update(editor, id, { timezone: 'Australia/Sydney' });
      expect(moved.timezone).toBe('Australia/Sydney');
      for (const text of moved.upcoming_fire_times) expect(text).toMatch(/T06:00:00\+1[01]:00$/);
      expect(new Date(moved.upcoming_fire_times[0]).toISOString()).toBe(moved.next_fire_at);
      const events = await auditOf(id);
      expect(events.at(-1)).toEqual({
        action: 'schedule.updated',
        detail: { suite_id: suiteA, changed: { timezone: 'Australia/Sydney' } },
      });
      // The same values again change nothing and record nothing.
      await schedules.update(editor, id, { timezone: 'Australia/Sydney' });
      expect(await auditOf(id)).toHaveLength(events.length);
    });

    it('disabling clears next_fire_at, enabling computes it again', async () => {
      expect(await schedules.update(owner, id, { enabled: false })).toMatchObject({
        next_fire_at: null,
        upcoming_fire_times: [],
      });
      const [stored] = await db.query<{ next_fire_at: Date | null }[]>(
        `SELECT "next_fire_at" FROM "schedules" WHERE "id" = $1`,
        [id],
      );
      expect(stored?.next_fire_at).toBeNull();
      const enabled = await schedules.update(owner, id, { enabled: true, cron: '30 2 * * *' });
      expect(enabled.next_fire_at).not.toBeNull();
      expect(enabled.upcoming_fire_times).toHaveLength(5);
    });

    it('refuses a change from a view-only holder (403) and a stranger (404), and a bad cron (422)', async () => {
      expect((await failure(schedules.update(viewer, id, { enabled: false }))).code).toBe(
        ErrorCode.Forbidden,
      );
      expect((await failure(schedules.update(stranger, id, { enabled: false }))).code).toBe(
        ErrorCode.NotFound,
      );
      expect((await failure(schedules.delete(viewer, id))).code).toBe(ErrorCode.Forbidden);
      expect((await failure(schedules.delete(stranger, id))).code).toBe(ErrorCode.NotFound);
      const bad = await failure(schedules.update(owner, id, { cron: '@hourly' }));
      expect(bad.detail).toEqual({ fields: [{ field: 'cron', problems: [expect.any(String)] }] });
      expect((await schedules.get(owner, id)).enabled).toBe(true);
    });
  });

  describe('list', () => {
    it('lists only the schedules of suites the caller can see, newest first, page by page', async () => {
      const mine = [];
      for (let index = 0; index < 5; index++) {
        const suiteId = await insertSuite(`schedules page ${index}`, stranger.user.id);
        mine.push(
          (await schedules.create(stranger, { suite_id: suiteId, cron: `${index} 1 * * *`, timezone: 'UTC' }))
            .id,
        );
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const answer = await schedules.list(stranger, { limit: 2, cursor });
        expect(answer.items.length).toBeLessThanOrEqual(2);
        seen.push(...answer.items.map((item) => item.id));
        if (answer.next_cursor === null) break;
        cursor = answer.next_cursor;
      }
      expect(seen).toEqual([...mine].reverse());
      const ownerSees = (await schedules.list(owner)).items.map((item) => item.suite_id);
      expect(ownerSees).toEqual([suiteA]);
      expect((await schedules.list(viewer)).items.map((item) => item.suite_id)).toEqual([suiteA]);
      expect((await schedules.list(admin, { limit: 200 })).items).toHaveLength(6);
    });

    it('filters by suite; a suite the caller cannot see is not found', async () => {
      expect((await schedules.list(editor, { suite_id: suiteA })).items.map((item) => item.suite_id)).toEqual(
        [suiteA],
      );
      expect((await schedules.list(owner, { suite_id: suiteB })).items).toEqual([]);
      expect((await failure(schedules.list(stranger, { suite_id: suiteA }))).code).toBe(ErrorCode.NotFound);
    });

    it('refuses a cursor of another list', async () => {
      const bad = await failure(schedules.list(owner, { cursor: 'bm90LWEtY3Vyc29y' }));
      expect(bad.code).toBe(ErrorCode.ValidationFailed);
    });
  });

  it('a schedule is deleted with its audit record, and goes with its suite', async () => {
    const schedule = await schedules.create(owner, { suite_id: suiteB, cron: '0 3 * * *', timezone: 'UTC' });
    // The editor holds edit on suite A only: suite B's schedule is hidden from them.
    expect((await failure(schedules.delete(editor, schedule.id))).code).toBe(ErrorCode.NotFound);
    await schedules.delete(owner, schedule.id);
    expect(await scheduleCount(suiteB)).toBe(0);
    expect((await auditOf(schedule.id)).map((event) => event.action)).toEqual([
      'schedule.created',
      'schedule.deleted',
    ]);
    expect((await failure(schedules.delete(owner, schedule.id))).code).toBe(ErrorCode.NotFound);

    const again = await schedules.create(owner, { suite_id: suiteB, cron: '0 3 * * *', timezone: 'UTC' });
    await db.query(`DELETE FROM suites WHERE id = $1`, [suiteB]);
    expect((await failure(schedules.get(owner, again.id))).code).toBe(ErrorCode.NotFound);
    expect(await scheduleCount(suiteB)).toBe(0);
  });
});
