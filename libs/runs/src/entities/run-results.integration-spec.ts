import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Client } from 'pg';
import {
  ConsumedEventEntity,
  createDataSource,
  ensureDatabase,
  PgErrorCode,
  pgErrorOf,
  quoteIdentifier,
  runMigrations,
  withDatabase,
} from '@dq/db';
import { LOCAL_SERVICES } from '@dq/testing';
import { RunResultEntity } from './run-result.entity';
import { RunEntity } from './run.entity';

/** A database of its own, named like the harness's (`dqt_`), so a crashed run's is swept. */
function scratchDatabaseUrl(label: string): string {
  return withDatabase(
    LOCAL_SERVICES.postgresAdminUrl,
    `dqt_${randomUUID().replace(/-/g, '').slice(0, 12)}_${label}`,
  );
}

async function dropScratchDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: LOCAL_SERVICES.postgresAdminUrl });
  await client.connect();
  try {
    await client.query(
      `DROP DATABASE IF EXISTS ${quoteIdentifier(new URL(url).pathname.slice(1))} WITH (FORCE)`,
    );
  } finally {
    await client.end();
  }
}

/** The SQLSTATE a write failed with, or `undefined` when it succeeded. */
async function sqlStateOf(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
    return undefined;
  } catch (error) {
    return pgErrorOf(error).code ?? 'unknown';
  }
}

describe('runs, run_results and consumed_events', () => {
  const url = scratchDatabaseUrl('ent');
  let dataSource: DataSource;

  beforeAll(async () => {
    await ensureDatabase(url);
    await runMigrations(url);
    dataSource = await createDataSource({
      url,
      applicationName: 'db-integration-spec',
      poolSize: 2,
    }).initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await dropScratchDatabase(url);
  });

  async function newRun(overrides: Partial<RunEntity> = {}): Promise<RunEntity> {
    return dataSource
      .getRepository(RunEntity)
      .save({ suiteId: randomUUID(), trigger: 'manual', ...overrides });
  }

  it('fills the defaults the schema promises', async () => {
    const saved = await newRun();
    const run = await dataSource.getRepository(RunEntity).findOneByOrFail({ id: saved.id });
    expect(run).toMatchObject({
      status: 'queued',
      plan: [],
      totalChecks: 0,
      completedChecks: 0,
      attempt: 0,
      reason: null,
      workerId: null,
      leaseExpiresAt: null,
      cancelRequestedAt: null,
      startedAt: null,
      finishedAt: null,
    });
    expect(run.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a status or trigger outside the lifecycle', async () => {
    expect(await sqlStateOf(newRun({ status: 'paused' as RunEntity['status'] }))).toBe(
      PgErrorCode.CheckViolation,
    );
    expect(await sqlStateOf(newRun({ trigger: 'cron' as RunEntity['trigger'] }))).toBe(
      PgErrorCode.CheckViolation,
    );
  });

  it('keys results by (run, check): a duplicate is rejected and the first is kept', async () => {
    const run = await newRun();
    const checkId = randomUUID();
    const results = dataSource.getRepository(RunResultEntity);
    await results.insert({ runId: run.id, checkId, outcome: 'pass', metricValue: 0 });

    const duplicate = results.insert({ runId: run.id, checkId, outcome: 'fail', metricValue: 12.5 });
    expect(await sqlStateOf(duplicate)).toBe(PgErrorCode.UniqueViolation);

    const stored = await results.findBy({ runId: run.id, checkId });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ outcome: 'pass', metricValue: 0, detail: {} });
  });

  it('lets the same check have a result in another run', async () => {
    const checkId = randomUUID();
    const results = dataSource.getRepository(RunResultEntity);
    await results.insert({ runId: (await newRun()).id, checkId, outcome: 'warn' });
    await results.insert({ runId: (await newRun()).id, checkId, outcome: 'warn' });
    expect(await results.countBy({ checkId })).toBe(2);
  });

  it('refuses an unknown outcome and a result for a run that does not exist', async () => {
    const results = dataSource.getRepository(RunResultEntity);
    const run = await newRun();
    expect(
      await sqlStateOf(
        results.insert({ runId: run.id, checkId: randomUUID(), outcome: 'ok' as RunResultEntity['outcome'] }),
      ),
    ).toBe(PgErrorCode.CheckViolation);
    expect(
      await sqlStateOf(results.insert({ runId: randomUUID(), checkId: randomUUID(), outcome: 'pass' })),
    ).toBe(PgErrorCode.ForeignKeyViolation);
  });

  it('deletes a run together with its results', async () => {
    const run = await newRun();
    const results = dataSource.getRepository(RunResultEntity);
    await results.insert({ runId: run.id, checkId: randomUUID(), outcome: 'skip' });
    await dataSource.getRepository(RunEntity).delete({ id: run.id });
    expect(await results.countBy({ runId: run.id })).toBe(0);
  });

  it('round-trips timestamps as UTC instants, whatever the server default', async () => {
    expect(await dataSource.query('SHOW TimeZone')).toEqual([{ TimeZone: 'UTC' }]);
    const startedAt = new Date('2026-03-29T01:30:15.123Z'); // inside a European DST change
    const run = await newRun({ startedAt, leaseExpiresAt: new Date('2026-10-25T00:59:59.999Z') });

    const reread = await dataSource.getRepository(RunEntity).findOneByOrFail({ id: run.id });
    expect(reread.startedAt?.toISOString()).toBe('2026-03-29T01:30:15.123Z');
    expect(reread.leaseExpiresAt?.toISOString()).toBe('2026-10-25T00:59:59.999Z');

    const [row] = await dataSource.query<{ text: string }[]>(
      'SELECT started_at::text AS text FROM runs WHERE id = $1',
      [run.id],
    );
    expect(row.text).toBe('2026-03-29 01:30:15.123+00');
  });

  it('records an event once per consumer in the inbox', async () => {
    const inbox = dataSource.getRepository(ConsumedEventEntity);
    const eventId = randomUUID();
    await inbox.insert({ consumer: 'alerting', eventId });
    await inbox.insert({ consumer: 'lineage', eventId });
    expect(await sqlStateOf(inbox.insert({ consumer: 'alerting', eventId }))).toBe(
      PgErrorCode.UniqueViolation,
    );
    const rows = await inbox.findBy({ eventId });
    expect(rows.map((row) => row.consumer).sort()).toEqual(['alerting', 'lineage']);
    expect(rows[0].consumedAt).toBeInstanceOf(Date);
  });
});
