/**
 * Cron schedules through a real gateway: create, read, change and delete with the suite's grants,
 * one schedule per suite, the hidden-suite 404, 422 naming `cron` or `timezone`, next and upcoming
 * fire times in the schedule's zone, paging, and the schedule going with its suite. Every refused
 * call leaves the table as it was.
 */
import { randomUUID } from 'node:crypto';
import { type AppProcess, type HttpResult, GatewayWorld } from '@dq/testing';
import { type Principals, seedPrincipals } from './support/principals';

interface Schedule {
  id: string;
  suite_id: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  next_fire_at: string | null;
  last_fired_at: string | null;
  upcoming_fire_times: string[];
  last_run_id: string | null;
  missed_ticks: number;
  created_at: string;
  updated_at: string;
}

interface ErrorEnvelope {
  error: { code: string; message: string; detail: { fields?: { field: string; problems: string[] }[] } };
}

const fieldsOf = (result: HttpResult): string[] =>
  ((result.body as ErrorEnvelope).error.detail.fields ?? []).map((entry) => entry.field);

describe('schedules', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let principals: Principals;
  let sharedSuiteId: string;
  let hiddenSuiteId: string;

  const api = (): string => `${gateway.url}/api/v1`;
  const as: Principals['as'] = (...args) => principals.as(...args);

  const suite = (name: string): Promise<string> => principals.suite(name);

  const schedulesOf = async (suiteId: string): Promise<number> => {
    const rows: { n: number }[] = await world.db.query(
      'SELECT count(*)::int AS n FROM schedules WHERE suite_id = $1',
      [suiteId],
    );
    return rows[0].n;
  };

  beforeAll(async () => {
    world = await GatewayWorld.create('schedules');
    gateway = await world.startGateway({ RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    principals = await seedPrincipals(world, api(), 'schedules');
    sharedSuiteId = await suite('scheduled orders');
    hiddenSuiteId = await suite('hidden orders');
    await principals.share(sharedSuiteId);
  });

  afterAll(async () => {
    await world?.close();
  });

  describe('create, read, change, delete', () => {
    let schedule: Schedule;

    it('creates a schedule with its next fire time and the five after it in the zone', async () => {
      const before = Date.now();
      const created = await as('member', 'POST', '/schedules', {
        suite_id: sharedSuiteId,
        cron: '30 2 * * *',
        timezone: 'America/New_York',
      });
      expect(created.status).toBe(201);
      schedule = created.body as Schedule;
      expect(schedule).toMatchObject({
        suite_id: sharedSuiteId,
        cron: '30 2 * * *',
        timezone: 'America/New_York',
        enabled: true,
        last_fired_at: null,
        last_run_id: null,
        missed_ticks: 0,
      });
      expect(Date.parse(schedule.next_fire_at as string)).toBeGreaterThan(before);
      expect(schedule.upcoming_fire_times).toHaveLength(5);
      // 02:30 local each day, or 03:00 on a spring-forward day (docs/decisions/0040).
      for (const text of schedule.upcoming_fire_times)
        expect(text).toMatch(/T(02:30:00-0[45]:00|03:00:00-04:00)$/);
      expect(new Date(schedule.upcoming_fire_times[0]).toISOString()).toBe(
        new Date(schedule.next_fire_at as string).toISOString(),
      );
      const read = await as('viewer', 'GET', `/schedules/${schedule.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: schedule.id, next_fire_at: schedule.next_fire_at });
    });

    it('refuses a second schedule for the suite with 409', async () => {
      const second = await as('owner', 'POST', '/schedules', {
        suite_id: sharedSuiteId,
        cron: '0 6 * * *',
        timezone: 'UTC',
      });
      expect(second.status).toBe(409);
      expect((second.body as ErrorEnvelope).error.code).toBe('conflict');
      expect(await schedulesOf(sharedSuiteId)).toBe(1);
    });

    it('a change recomputes next_fire_at; disabling clears it and the upcoming times', async () => {
      const moved = await as('member', 'PATCH', `/schedules/${schedule.id}`, {
        cron: '0 9 * * 1-5',
        timezone: 'Europe/Berlin',
      });
      expect(moved.status).toBe(200);
      const body = moved.body as Schedule;
      expect(body).toMatchObject({ cron: '0 9 * * 1-5', timezone: 'Europe/Berlin', enabled: true });
      for (const text of body.upcoming_fire_times) expect(text).toMatch(/T09:00:00\+0[12]:00$/);
      expect(new Date(body.upcoming_fire_times[0]).toISOString()).toBe(
        new Date(body.next_fire_at as string).toISOString(),
      );
      const disabled = await as('owner', 'PATCH', `/schedules/${schedule.id}`, { enabled: false });
      expect(disabled.status).toBe(200);
      expect(disabled.body).toMatchObject({ enabled: false, next_fire_at: null, upcoming_fire_times: [] });
      const [row] = await world.db.query<{ next_fire_at: Date | null }[]>(
        'SELECT next_fire_at FROM schedules WHERE id = $1',
        [schedule.id],
      );
      expect(row.next_fire_at).toBeNull();
      const enabled = await as('owner', 'PATCH', `/schedules/${schedule.id}`, { enabled: true });
      expect((enabled.body as Schedule).next_fire_at).not.toBeNull();
    });

    it('a view grant reads but may not change or delete (403); the schedule stays', async () => {
      expect((await as('viewer', 'PATCH', `/schedules/${schedule.id}`, { enabled: false })).status).toBe(403);
      expect((await as('viewer', 'DELETE', `/schedules/${schedule.id}`)).status).toBe(403);
      expect(((await as('owner', 'GET', `/schedules/${schedule.id}`)).body as Schedule).enabled).toBe(true);
    });

    it('deletes with 204; then it is not found', async () => {
      expect((await as('member', 'DELETE', `/schedules/${schedule.id}`)).status).toBe(204);
      expect((await as('owner', 'GET', `/schedules/${schedule.id}`)).status).toBe(404);
      expect(await schedulesOf(sharedSuiteId)).toBe(0);
      const events: { action: string }[] = await world.db.query(
        `SELECT action FROM audit_events WHERE target_type = 'schedule' AND target_id = $1 ORDER BY occurred_at, id`,
        [schedule.id],
      );
      expect(events.map((event) => event.action)).toEqual([
        'schedule.created',
        'schedule.updated',
        'schedule.updated',
        'schedule.updated',
        'schedule.deleted',
      ]);
    });
  });

  describe('422 naming the field, nothing written', () => {
    it.each([
      ['six fields (seconds)', { cron: '0 30 2 * * *' }, ['cron']],
      ['a nickname', { cron: '@daily' }, ['cron']],
      ['a field out of range', { cron: '61 * * * *' }, ['cron']],
      ['an expression that never matches', { cron: '0 0 31 2 *' }, ['cron']],
      ['an unknown zone', { timezone: 'Europe/Atlantis' }, ['timezone']],
      ['an offset instead of a zone', { timezone: '+02:00' }, ['timezone']],
      ['both', { cron: '* * *', timezone: 'Nowhere' }, ['cron', 'timezone']],
      ['a missing cron', { cron: undefined }, ['cron']],
      ['enabled not a boolean', { enabled: 'yes' }, ['enabled']],
    ])('%s', async (_what, change, fields) => {
      const body = { suite_id: sharedSuiteId, cron: '0 6 * * *', timezone: 'UTC', ...change };
      const refused = await as('owner', 'POST', '/schedules', body);
      expect(refused.status).toBe(422);
      expect((refused.body as ErrorEnvelope).error.code).toBe('validation_failed');
      expect(fieldsOf(refused).sort()).toEqual(fields);
      expect(await schedulesOf(sharedSuiteId)).toBe(0);
    });

    it('on PATCH too, leaving the schedule as it was', async () => {
      const created = await as('owner', 'POST', '/schedules', {
        suite_id: sharedSuiteId,
        cron: '0 6 * * *',
        timezone: 'UTC',
      });
      const id = (created.body as Schedule).id;
      const refused = await as('owner', 'PATCH', `/schedules/${id}`, { cron: '0 0 6 * * *' });
      expect(refused.status).toBe(422);
      expect(fieldsOf(refused)).toEqual(['cron']);
      const zone = await as('owner', 'PATCH', `/schedules/${id}`, { timezone: 'Mars/Olympus' });
      expect(fieldsOf(zone)).toEqual(['timezone']);
      expect((await as('owner', 'GET', `/schedules/${id}`)).body).toMatchObject({
        cron: '0 6 * * *',
        timezone: 'UTC',
      });
      expect((await as('owner', 'DELETE', `/schedules/${id}`)).status).toBe(204);
    });
  });

  describe('hidden suites', () => {
    let hiddenId: string;

    beforeAll(async () => {
      const created = await as('owner', 'POST', '/schedules', {
        suite_id: hiddenSuiteId,
        cron: '0 1 * * *',
        timezone: 'UTC',
      });
      expect(created.status).toBe(201);
      hiddenId = (created.body as Schedule).id;
    });

    it('answers 404 for every call on a schedule whose suite the caller cannot see, changing nothing', async () => {
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { enabled: false }],
        ['DELETE', undefined],
      ] as const) {
        const hidden = await as('stranger', method, `/schedules/${hiddenId}`, body);
        expect(hidden.status).toBe(404);
        expect((hidden.body as ErrorEnvelope).error.message).toBe('Schedule not found');
      }
      expect((await as('stranger', 'GET', `/schedules/${randomUUID()}`)).status).toBe(404);
      expect((await as('stranger', 'GET', '/schedules/not-an-id')).status).toBe(404);
      expect(((await as('owner', 'GET', `/schedules/${hiddenId}`)).body as Schedule).enabled).toBe(true);
      expect((await as('admin', 'GET', `/schedules/${hiddenId}`)).status).toBe(200);
    });

    it('refuses creating on a hidden or unknown suite with 404, and lists only visible schedules', async () => {
      const other = await suite('hidden orders two');
      const refused = await as('stranger', 'POST', '/schedules', {
        suite_id: other,
        cron: '0 1 * * *',
        timezone: 'UTC',
      });
      expect(refused.status).toBe(404);
      expect(await schedulesOf(other)).toBe(0);
      const unknown = await as('owner', 'POST', '/schedules', {
        suite_id: randomUUID(),
        cron: '0 1 * * *',
        timezone: 'UTC',
      });
      expect(unknown.status).toBe(404);

      expect(((await as('stranger', 'GET', '/schedules')).body as { items: Schedule[] }).items).toEqual([]);
      expect((await as('stranger', 'GET', `/schedules?suite_id=${hiddenSuiteId}`)).status).toBe(404);
      const viewerSees = (await as('viewer', 'GET', '/schedules')).body as { items: Schedule[] };
      expect(viewerSees.items.map((item) => item.suite_id)).not.toContain(hiddenSuiteId);
      const ownerSees = (await as('owner', 'GET', `/schedules?suite_id=${hiddenSuiteId}`)).body as {
        items: Schedule[];
      };
      expect(ownerSees.items.map((item) => item.id)).toEqual([hiddenId]);
    });
  });

  it('pages newest first with limit and next_cursor; a bad limit or cursor is a 422', async () => {
    const made: string[] = [];
    for (let index = 0; index < 3; index++) {
      const suiteId = await suite(`paged ${index}`);
      const created = await as('owner', 'POST', '/schedules', {
        suite_id: suiteId,
        cron: `${index} 4 * * *`,
        timezone: 'UTC',
      });
      made.push((created.body as Schedule).id);
    }
    const seen: string[] = [];
    let path = '/schedules?limit=2';
    for (let page = 0; page < 10; page++) {
      const answer = await as('owner', 'GET', path);
      expect(answer.status).toBe(200);
      const body = answer.body as { items: Schedule[]; next_cursor: string | null };
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((item) => item.id));
      if (body.next_cursor === null) break;
      path = `/schedules?limit=2&cursor=${encodeURIComponent(body.next_cursor)}`;
    }
    expect(seen.slice(0, 3)).toEqual([...made].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect(fieldsOf(await as('owner', 'GET', '/schedules?limit=0'))).toEqual(['limit']);
    expect(fieldsOf(await as('owner', 'GET', '/schedules?limit=201'))).toEqual(['limit']);
    expect(fieldsOf(await as('owner', 'GET', '/schedules?cursor=garbage'))).toEqual(['cursor']);
    expect(fieldsOf(await as('owner', 'GET', '/schedules?suite_id=nope'))).toEqual(['suite_id']);
  });

  it('goes with its suite', async () => {
    const suiteId = await suite('short-lived');
    const created = await as('owner', 'POST', '/schedules', {
      suite_id: suiteId,
      cron: '*/30 * * * *',
      timezone: 'Australia/Sydney',
    });
    expect(created.status).toBe(201);
    const id = (created.body as Schedule).id;
    expect((await as('owner', 'DELETE', `/suites/${suiteId}`)).status).toBe(204);
    expect((await as('owner', 'GET', `/schedules/${id}`)).status).toBe(404);
    expect(await schedulesOf(suiteId)).toBe(0);
  });
});
