import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { ensureDatabase } from '../migrator/ensure-database';
import { runMigrations } from '../migrator/run-migrations';
import { dropScratchDatabase, scratchDatabaseUrl } from '../migrator/scratch-database.test-helper';
import { createDataSource } from './create-data-source';
import { DbModule } from './db.module';
import { PostgresReadinessProbe } from './postgres-readiness.probe';

describe('DbModule', () => {
  const url = scratchDatabaseUrl('mod');

  beforeAll(async () => {
    await ensureDatabase(url);
    await runMigrations(url);
  });

  afterAll(async () => {
    await dropScratchDatabase(url);
  });

  it('provides an initialized data source and a readiness probe, and closes the pool at shutdown', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DbModule.forRoot({ url, applicationName: 'db-module-spec' })],
    }).compile();
    const app = moduleRef.createNestApplication();
    await app.init();

    const dataSource = app.get(DataSource);
    expect(dataSource.isInitialized).toBe(true);
    expect(dataSource.options).toMatchObject({ synchronize: false, migrationsRun: false });
    expect(await dataSource.query('SELECT current_setting($1) AS value', ['application_name'])).toEqual([
      { value: 'db-module-spec' },
    ]);

    const probe = app.get(PostgresReadinessProbe);
    expect(probe.name).toBe('postgres');
    await expect(probe.check()).resolves.toBeUndefined();

    await app.close();
    expect(dataSource.isInitialized).toBe(false);
    await expect(probe.check()).rejects.toThrow('not initialized');
  });

  it('takes its config from another provider with forRootAsync', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        DbModule.forRootAsync({
          useFactory: () => ({ url, applicationName: 'db-module-async-spec', poolSize: 1 }),
        }),
      ],
    }).compile();
    const app = await moduleRef.createNestApplication().init();
    const [row] = await app.get(DataSource).query<{ timezone: string }[]>('SHOW TimeZone');
    expect(row).toEqual({ TimeZone: 'UTC' });
    await app.close();
  });

  it('keeps an idle connection for the idle time it is given, and closes it after', async () => {
    const backendAfterIdle = async (idleConnectionMs: number): Promise<{ before: number; after: number }> => {
      const dataSource = await createDataSource({
        url,
        applicationName: 'db-idle-spec',
        poolSize: 1,
        idleConnectionMs,
      }).initialize();
      try {
        const pid = async (): Promise<number> =>
          Number((await dataSource.query<{ pid: number }[]>('SELECT pg_backend_pid() AS pid'))[0]?.pid);
        const before = await pid();
        await new Promise((resolve) => setTimeout(resolve, 600));
        return { before, after: await pid() };
      } finally {
        await dataSource.destroy();
      }
    };
    // Kept: the same server process answers after the pause.
    const kept = await backendAfterIdle(60_000);
    expect(kept.after).toBe(kept.before);
    // Closed after 200 ms idle: the next statement opens a new one.
    const closed = await backendAfterIdle(200);
    expect(closed.after).not.toBe(closed.before);
  });
});
