// The scheduler service: cron schedules, trigger bindings and the daily sweeps; it enqueues runs.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import { SchedulerConfig } from './scheduler.config';
import { SchedulerModule } from './scheduler.module';

const config = loadConfigOrExit(SchedulerConfig, ServiceName.Scheduler);
startServiceOrExit({ service: ServiceName.Scheduler, config, module: SchedulerModule.forRoot(config) });
