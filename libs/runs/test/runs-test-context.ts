import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { type ServiceName } from '@dq/contracts';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { RunSweepsModule } from '../src/run-sweeps.module';
import { RunsModule } from '../src/runs.module';

class RunsTestConfig extends BaseServiceConfig {
  override PORT = 0;
}

/** The runs domain as an app of `service` wires it, on an isolated database and namespace. */
export interface RunsTestContext {
  env: IsolatedEnvironment;
  context: INestApplicationContext;
  dataSource: DataSource;
  close(): Promise<void>;
}

export async function openRunsTestContext(
  label: string,
  service: ServiceName,
  overrides: Record<string, string> = {},
): Promise<RunsTestContext> {
  const env = await createIsolatedEnvironment(label);
  const config = loadConfig(RunsTestConfig, { ...env.env, ...overrides });
  const moduleRef = await Test.createTestingModule({
    imports: [
      ...platformModules({ service, config }),
      ServiceRuntimeModule.forRoot({ service, config }),
      RunsModule,
      RunSweepsModule,
    ],
  }).compile();
  const context = await moduleRef.init();
  return {
    env,
    context,
    dataSource: context.get(DataSource),
    close: async () => {
      await context.close();
      await env.cleanup();
    },
  };
}
