/**
 * The gateway's wait for interactive work, over the real NATS: a runner that takes the request and
 * never answers within the deadline plus the margin is 504 `datasource_timeout`, the envelope the
 * runner itself answers at its deadline; no runner at all stays 503 `service_unavailable`.
 */
import { NestFactory } from '@nestjs/core';
import { type INestApplicationContext } from '@nestjs/common';
import {
  AppError,
  type CheckDryRunRequest,
  ErrorCode,
  INTERACTIVE_ANSWER_MARGIN_MS,
  Requests,
  ServiceName,
} from '@dq/contracts';
import { MessagingModule, NatsClient, RpcClient, RpcServer } from '@dq/messaging';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { SuiteRunnerClient } from './suite-runner.client';

const DEADLINE_MS = 500;

const request: CheckDryRunRequest = {
  suite_id: '00000000-0000-4000-8000-000000000001',
  connection_id: '00000000-0000-4000-8000-000000000002',
  target: 'public.t',
  check: { kind: 'custom_sql' },
  column_policy: {},
  time_zone: 'UTC',
  zero_sample: false,
};

describe('SuiteRunnerClient: the gateway waits the deadline plus a margin (real NATS)', () => {
  let env: IsolatedEnvironment;
  const contexts: INestApplicationContext[] = [];

  async function open(serviceName: ServiceName): Promise<INestApplicationContext> {
    const app = await NestFactory.createApplicationContext(
      MessagingModule.forRoot({
        natsUrl: env.natsUrl,
        redisUrl: env.redisUrl,
        namespace: env.namespace,
        serviceName,
        instanceId: `${serviceName}-1`,
      }),
      { logger: ['error'], abortOnError: false },
    );
    await app.init();
    contexts.push(app);
    return app;
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('suite-runner-client');
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await env?.cleanup();
  });

  it('no runner subscribed: 503 service_unavailable, at once', async () => {
    const gateway = await open(ServiceName.ApiGateway);
    const client = new SuiteRunnerClient(gateway.get(RpcClient), DEADLINE_MS);
    const error = await client.dryRun(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.ServiceUnavailable);
  });

  it('a runner that took the work and never answered: 504 datasource_timeout after deadline + margin', async () => {
    const runner = await open(ServiceName.Runner);
    const gateway = await open(ServiceName.ApiGateway);
    let release: () => void = () => undefined;
    runner.get(RpcServer).handle(Requests.CheckDryRun, ServiceName.Runner, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      throw new AppError(ErrorCode.InternalError, 'released after the test');
    });
    await runner.get(NatsClient).connection.flush();

    const client = new SuiteRunnerClient(gateway.get(RpcClient), DEADLINE_MS);
    const started = Date.now();
    const error = await client.dryRun(request).catch((e: unknown) => e);
    const waited = Date.now() - started;
    release();

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toBody()).toMatchObject({
      code: ErrorCode.DatasourceTimeout,
      detail: { deadline_seconds: 0.5 },
    });
    expect((error as AppError).status).toBe(504);
    expect(waited).toBeGreaterThanOrEqual(DEADLINE_MS + INTERACTIVE_ANSWER_MARGIN_MS - 50);
  }, 30_000);
});
