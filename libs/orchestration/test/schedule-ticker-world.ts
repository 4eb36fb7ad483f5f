import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { ServiceName } from '@dq/contracts';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type IsolatedEnvironment } from '@dq/testing';
import {
  type ScheduleClock,
  ScheduleTicker,
  type ScheduleTickerOptions,
} from '../src/schedules/schedule-ticker';
import { ScheduleTickerModule } from '../src/schedules/schedule-ticker.module';

class TickerTestConfig extends BaseServiceConfig {
  override PORT = 0;
}

/** A clock the test moves by hand. */
export class ManualClock implements ScheduleClock {
  constructor(public current: Date) {}

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** A scheduler's ticker as the scheduler wires it, on `env`'s database and namespace. */
export async function openTicker(
  env: IsolatedEnvironment,
  clock: ScheduleClock,
  options: Partial<ScheduleTickerOptions> = {},
): Promise<{ context: INestApplicationContext; ticker: ScheduleTicker; dataSource: DataSource }> {
  const config = loadConfig(TickerTestConfig, env.env);
  const service = ServiceName.Scheduler;
  const moduleRef = await Test.createTestingModule({
    imports: [
      ...platformModules({ service, config }),
      ServiceRuntimeModule.forRoot({ service, config }),
      ScheduleTickerModule.forRoot(options, clock),
    ],
  }).compile();
  const context = await moduleRef.init();
  return { context, ticker: context.get(ScheduleTicker), dataSource: context.get(DataSource) };
}

/**
 * Suites with `enabledChecks` enabled row-count checks each, and a schedule per suite due at
 * `nextFireAt`, written straight to the tables (owner and connection are foreign keys no ticker
 * reads). The suite ids, in the order of the schedule ids.
 */
export async function insertScheduledSuites(
  dataSource: DataSource,
  count: number,
  {
    cron = '* * * * *',
    timezone = 'UTC',
    nextFireAt,
    enabledChecks = 1,
  }: {
    cron?: string;
    timezone?: string;
    nextFireAt: Date;
    enabledChecks?: number;
  },
): Promise<{ suiteIds: string[]; scheduleIds: string[] }> {
  const suiteIds = Array.from({ length: count }, () => randomUUID());
  const scheduleIds = Array.from({ length: count }, () => randomUUID());
  await dataSource.transaction(async (manager) => {
    await manager.query(`SET LOCAL session_replication_role = replica`);
    await manager.query(
      `INSERT INTO suites (id, name, connection_id, target, owner_id)
       SELECT id, 'suite-' || id, $2, 'public.t', $3 FROM unnest($1::uuid[]) AS id`,
      [suiteIds, randomUUID(), randomUUID()],
    );
    for (let index = 0; index < enabledChecks; index++) {
      await manager.query(
        `INSERT INTO checks (suite_id, name, kind, dimension, config)
         SELECT id, 'rows-' || $2::text, 'row_count', 'completeness', '{"min": 1}' FROM unnest($1::uuid[]) AS id`,
        [suiteIds, index],
      );
    }
  });
  await dataSource.query(
    `INSERT INTO schedules (id, suite_id, cron, timezone, enabled, next_fire_at)
     SELECT u.id, u.suite_id, $3, $4, true, $5 FROM unnest($1::uuid[], $2::uuid[]) AS u(id, suite_id)`,
    [scheduleIds, suiteIds, cron, timezone, nextFireAt.toISOString()],
  );
  return { suiteIds, scheduleIds };
}

/** Ends every queued run, as runners would: the next tick of a suite then queues a new run. */
export async function finishQueuedRuns(dataSource: DataSource): Promise<void> {
  await dataSource.query(
    `UPDATE runs SET status = 'cancelled', finished_at = now() WHERE status IN ('queued', 'running')`,
  );
}
