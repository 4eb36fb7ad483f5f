import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { instanceId } from '../bootstrap/instance-id';
import { ShutdownCoordinator } from '../lifecycle/shutdown-coordinator';
import { HealthModule } from './health.module';
import { ReadinessProbeError } from './readiness-probe';
import { ReadinessRegistry } from './readiness-registry';

const refused = Object.assign(new Error('connect ECONNREFUSED 10.9.8.7:5432 user=dq password=pw'), {
  code: 'ECONNREFUSED',
});

describe('HealthController', () => {
  let app: INestApplication;
  let registry: ReadinessRegistry;

  beforeEach(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [HealthModule.forRoot({ service: 'runner', probeTimeoutMs: 100 })],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    registry = app.get(ReadinessRegistry);
  });
  afterEach(async () => {
    await app.close();
  });

  it('GET /healthz answers ok with service and instance id', async () => {
    const res = await request(app.getHttpServer()).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', service: 'runner', instance_id: instanceId() });
  });

  it('GET /readyz is 200 ready when every probe is up', async () => {
    registry.register({ name: 'postgres', check: async () => undefined });
    registry.register({ name: 'redis', check: async () => undefined });
    const res = await request(app.getHttpServer()).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      checks: { postgres: { status: 'up' }, redis: { status: 'up' } },
    });
  });

  it('GET /readyz is 503 naming the failing probe with a classified reason and no host or credential', async () => {
    registry.register({ name: 'postgres', check: async () => Promise.reject(refused) });
    registry.register({ name: 'redis', check: async () => undefined });
    registry.register({
      name: 'nats',
      check: async () => Promise.reject(new ReadinessProbeError('authentication_failed')),
    });
    const res = await request(app.getHttpServer()).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'not_ready',
      checks: {
        postgres: { status: 'down', error: 'connection_refused' },
        redis: { status: 'up' },
        nats: { status: 'down', error: 'authentication_failed' },
      },
    });
    expect(res.text).not.toContain('10.9.8.7');
    expect(res.text).not.toContain('password');
  });

  it('GET /readyz marks a probe that exceeds its timeout as down, without waiting for it', async () => {
    let release: () => void = () => undefined;
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    registry.register({ name: 'slow', check: () => hanging });
    registry.register({ name: 'fast', check: async () => undefined });
    const res = await request(app.getHttpServer()).get('/readyz');
    release();
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ slow: { status: 'down', error: 'timeout' }, fast: { status: 'up' } });
  });

  it('an unregistered probe no longer counts', async () => {
    const unregister = registry.register({ name: 'gone', check: async () => Promise.reject(refused) });
    unregister();
    const res = await request(app.getHttpServer()).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: {} });
  });

  it('GET /readyz answers 503 shutting_down at once during shutdown, without running probes', async () => {
    const check = jest.fn(async () => undefined);
    registry.register({ name: 'postgres', check });
    const coordinator = app.get(ShutdownCoordinator);
    let duringShutdown: request.Response | undefined;
    coordinator.onShutdown('observe', async () => {
      duringShutdown = await request(app.getHttpServer()).get('/readyz');
    });
    const code = await coordinator.shutdown('test');
    expect(code).toBe(0);
    expect(duringShutdown?.status).toBe(503);
    expect(duringShutdown?.body).toEqual({ status: 'shutting_down' });
    expect(check).not.toHaveBeenCalled();
  });
});
