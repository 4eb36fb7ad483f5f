import {
  AppError,
  ErrorCode,
  Requests,
  RunProgressEvent,
  RunStatus,
  ServiceName,
  requestSubject,
  Broadcasts,
} from '@dq/contracts';
import { type INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ProgressBroadcaster } from '../broadcasts/progress-broadcaster';
import { NatsClient } from '../connections/nats-client';
import {
  DownstreamServicesProbe,
  DownstreamServicesUnavailableError,
} from '../health/downstream-services.probe';
import { NatsReadinessProbe } from '../health/nats-readiness.probe';
import { RedisReadinessProbe } from '../health/redis-readiness.probe';
import { MessagingNamespace } from '../messaging-namespace';
import {
  cleanupNamespace,
  deferred,
  openMessaging,
  testNamespace,
  waitFor,
} from '../testing/messaging-test-context';
import { RpcClient } from './rpc-client';
import { RpcServer } from './rpc-server';

jest.setTimeout(30_000);

describe('request/reply, broadcasts and probes (real NATS and Redis)', () => {
  let namespace: string;
  let runner: INestApplicationContext;
  let gateway: INestApplicationContext;

  beforeEach(async () => {
    namespace = testNamespace();
    runner = await openMessaging(namespace, ServiceName.Runner, 'runner-1');
    gateway = await openMessaging(namespace, ServiceName.ApiGateway, 'gateway-1');
  });

  afterEach(async () => {
    await Promise.all([runner.close(), gateway.close()]);
    await cleanupNamespace(namespace);
  });

  it('answers ServicePing for its own service name, from the module itself', async () => {
    const reply = await gateway
      .get(RpcClient)
      .request(Requests.ServicePing, ServiceName.Runner, { from: 'api-gateway' }, { timeoutMs: 2_000 });

    expect(reply.service).toBe('runner');
    expect(reply.instance_id).toBe('runner-1');
    expect(Number.isNaN(Date.parse(reply.at))).toBe(false);
  });

  it('throws AppError service_unavailable when nobody answers (no responders, then timeout)', async () => {
    const client = gateway.get(RpcClient);
    const noResponder = client.request(
      Requests.ServicePing,
      ServiceName.Lineage,
      { from: 'x' },
      { timeoutMs: 500 },
    );
    await expect(noResponder).rejects.toMatchObject({
      code: ErrorCode.ServiceUnavailable,
      status: 503,
      detail: { timed_out: false },
    });
    await expect(noResponder).rejects.toBeInstanceOf(AppError);

    const release = deferred();
    runner.get(RpcServer).handle(Requests.ServicePing, ServiceName.Scheduler, async () => {
      await release.promise;
      return { service: 'scheduler', instance_id: 's', at: new Date().toISOString() };
    });
    // The subscription must reach the server before a request can find it.
    await runner.get(NatsClient).connection.flush();
    const slow = client.request(
      Requests.ServicePing,
      ServiceName.Scheduler,
      { from: 'x' },
      { timeoutMs: 300 },
    );
    // A service that took the request and did not answer in time is told apart from an absent one.
    await expect(slow).rejects.toMatchObject({
      code: ErrorCode.ServiceUnavailable,
      detail: { timed_out: true },
    });
    release.resolve();
  });

  it('carries an AppError across as {error:{code,message}} and hides unexpected errors and stacks', async () => {
    const server = runner.get(RpcServer);
    server.handle(Requests.ServicePing, ServiceName.Lineage, async () => {
      throw new AppError(ErrorCode.NotFound, 'No such suite', { id: 'x' });
    });
    server.handle(Requests.ServicePing, ServiceName.Alerting, async () => {
      throw new Error('database password is hunter2');
    });
    // The subscriptions must reach the server before a request can find them.
    await runner.get(NatsClient).connection.flush();
    const client = gateway.get(RpcClient);

    const known = await client
      .request(Requests.ServicePing, ServiceName.Lineage, { from: 'x' }, { timeoutMs: 2_000 })
      .catch((e: unknown) => e);
    expect(known).toBeInstanceOf(AppError);
    expect((known as AppError).toBody()).toEqual({
      code: 'not_found',
      message: 'No such suite',
      detail: { id: 'x' },
    });

    const raw = await gateway
      .get(NatsClient)
      .connection.request(
        new MessagingNamespace(namespace).subject(requestSubject(Requests.ServicePing, ServiceName.Alerting)),
        JSON.stringify({ from: 'x' }),
        { timeout: 2_000 },
      );
    const body = raw.json<Record<string, unknown>>();
    expect(body).toEqual({ error: { code: 'internal_error', message: 'Internal error', detail: {} } });
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(JSON.stringify(body)).not.toContain('at ');
  });

  it('refuses an invalid request with validation_failed and never calls the handler', async () => {
    let called = false;
    runner.get(RpcServer).handle(Requests.ServicePing, ServiceName.Lineage, async () => {
      called = true;
      return { service: 'lineage', instance_id: 'l', at: new Date().toISOString() };
    });
    // The subscription must reach the server before a request can find it.
    await runner.get(NatsClient).connection.flush();
    const raw = await gateway
      .get(NatsClient)
      .connection.request(
        new MessagingNamespace(namespace).subject(requestSubject(Requests.ServicePing, ServiceName.Lineage)),
        JSON.stringify({ from: 42 }),
        { timeout: 2_000 },
      );

    const body = raw.json<{ error: { code: string; detail: { fields: Array<{ field: string }> } } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.detail.fields.map((f) => f.field)).toEqual(['from']);
    expect(called).toBe(false);
  });

  it('shares requests among the instances of one service: each is answered exactly once', async () => {
    const second = await openMessaging(namespace, ServiceName.Runner, 'runner-2');
    // The second instance's responder must reach the server before the requests are sent.
    await second.get(NatsClient).connection.flush();
    try {
      const client = gateway.get(RpcClient);
      const replies = await Promise.all(
        Array.from({ length: 20 }, () =>
          client.request(Requests.ServicePing, ServiceName.Runner, { from: 'x' }, { timeoutMs: 2_000 }),
        ),
      );
      expect(replies).toHaveLength(20);
      expect(new Set(replies.map((r) => r.instance_id))).toEqual(new Set(['runner-1', 'runner-2']));
    } finally {
      await second.close();
    }
  });

  it('keeps namespaces apart: a runner of another namespace does not answer', async () => {
    const otherNamespace = testNamespace();
    const gatewayElsewhere = await openMessaging(otherNamespace, ServiceName.ApiGateway);
    try {
      await expect(
        gatewayElsewhere
          .get(RpcClient)
          .request(Requests.ServicePing, ServiceName.Runner, { from: 'x' }, { timeoutMs: 500 }),
      ).rejects.toMatchObject({ code: ErrorCode.ServiceUnavailable });
    } finally {
      await gatewayElsewhere.close();
      await cleanupNamespace(otherNamespace);
    }
  });

  it('broadcasts progress to current subscribers of the same namespace only', async () => {
    const runId = randomUUID();
    const received: Array<{ payload: RunProgressEvent; subject: string }> = [];
    const sub = gateway
      .get(ProgressBroadcaster)
      .subscribe(Broadcasts.runProgress('*'), (payload, subject) => void received.push({ payload, subject }));
    const otherNamespace = testNamespace();
    const elsewhere = await openMessaging(otherNamespace, ServiceName.ApiGateway);
    const strayed: unknown[] = [];
    const strayedSub = elsewhere
      .get(ProgressBroadcaster)
      .subscribe(Broadcasts.runProgress('*'), (payload) => void strayed.push(payload));
    try {
      await gateway.get(NatsClient).connection.flush();
      await elsewhere.get(NatsClient).connection.flush();
      const progress = { run_id: runId, status: RunStatus.Running, completed_checks: 1, total_checks: 4 };
      const broadcaster = runner.get(ProgressBroadcaster);
      broadcaster.publish(Broadcasts.runProgress(runId), progress);
      expect(() =>
        broadcaster.publish(Broadcasts.runProgress(runId), { ...progress, completed_checks: -1 }),
      ).toThrow();
      await runner.get(NatsClient).connection.flush();

      await waitFor(() => received.length === 1, 'the broadcast');
      expect(received[0]).toEqual({ payload: progress, subject: `progress.run.${runId}` });
      await elsewhere.get(NatsClient).connection.flush();
      expect(strayed).toEqual([]);
    } finally {
      sub.unsubscribe();
      strayedSub.unsubscribe();
      await elsewhere.close();
      await cleanupNamespace(otherNamespace);
    }
  });

  it('reports Redis and NATS ready, and names the downstream services that do not answer', async () => {
    await expect(gateway.get(RedisReadinessProbe).check()).resolves.toBeUndefined();
    await expect(gateway.get(NatsReadinessProbe).check()).resolves.toBeUndefined();

    const probe = new DownstreamServicesProbe(
      gateway.get(RpcClient),
      [ServiceName.Runner, ServiceName.Lineage, ServiceName.Alerting],
      'api-gateway',
      500,
    );
    expect(probe.name).toBe('downstream-services');
    const failure = await probe.check().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DownstreamServicesUnavailableError);
    expect((failure as DownstreamServicesUnavailableError).down).toEqual(['lineage', 'alerting']);

    await expect(
      new DownstreamServicesProbe(gateway.get(RpcClient), [ServiceName.Runner], 'api-gateway', 500).check(),
    ).resolves.toBeUndefined();
  });

  it('reports NATS not ready once its connection is closed', async () => {
    const probe = runner.get(NatsReadinessProbe);
    await runner.get(NatsClient).close();
    await expect(probe.check()).rejects.toThrow('closed');
  });
});
