// The runner service: the runner pool: the only process that touches datasources; it executes suite runs from the `runs` queue.
import 'reflect-metadata';
import { ServiceName } from '@dq/contracts';
import { loadConfigOrExit, startServiceOrExit } from '@dq/platform';
import { RunnerConfig } from './runner.config';
import { RunnerModule } from './runner.module';

const config = loadConfigOrExit(RunnerConfig, ServiceName.Runner);
startServiceOrExit({ service: ServiceName.Runner, config, module: RunnerModule.forRoot(config) });
