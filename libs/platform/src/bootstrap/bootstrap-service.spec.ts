import { Writable } from 'node:stream';
import { Controller, Get, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { ServiceName } from '@dq/contracts';
import { BaseServiceConfig } from '../config/base-service-config';
import { CONFIG } from '../config/config.module';
import { loadConfig } from '../config/load-config';
import { ReadinessRegistry } from '../health/readiness-registry';
import { createLogger } from '../logging/create-logger';
import { createServiceApp } from './bootstrap-service';
import { instanceId } from './instance-id';

class DemoConfig extends BaseServiceConfig {
  override PORT = 8123;
}

@Injectable()
class Worker implements OnModuleInit {
  readonly events: string[] = [];
  onModuleInit(): void {
    this.events.push('onModuleInit');
  }
}

@Controller('demo')
class DemoController {
  constructor(
    @Inject(CONFIG) private readonly config: DemoConfig,
    private readonly typed: DemoConfig,
  ) {}

  @Get()
  get(): { namespace: string; same: boolean } {
    return { namespace: this.config.MESSAGING_NAMESPACE, same: this.config === this.typed };
  }
}

@Module({ controllers: [DemoController], providers: [Worker] })
class DemoModule {}

describe('createServiceApp', () => {
  it('boots on an ephemeral port with health, the envelope, injectable config and a redacted startup line', async () => {
    const chunks: string[] = [];
    const logger = createLogger({
      service: ServiceName.Runner,
      level: 'info',
      destination: new Writable({
        write(chunk: Buffer, _e, done) {
          chunks.push(chunk.toString());
          done();
        },
      }),
    });
    const config = loadConfig(DemoConfig, {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      MESSAGING_NAMESPACE: 'dq_t1',
      DATABASE_URL: 'postgres://dq:pg-secret-1@127.0.0.1:5432/dq',
      REDIS_URL: 'redis://:redis-secret-2@127.0.0.1:6379',
      NATS_URL: 'nats://127.0.0.1:4222',
    });
    const order: string[] = [];
    const { app, url } = await createServiceApp({
      service: ServiceName.Runner,
      config,
      module: DemoModule,
      http: { globalPrefix: 'api/v1' },
      handleSignals: false,
      logger,
      beforeInit: (created) => {
        order.push(...created.get(Worker).events, 'beforeInit');
        created.get(ReadinessRegistry).register({ name: 'demo', check: async () => undefined });
      },
    });
    try {
      expect(order).toEqual(['beforeInit']);
      expect(app.get(Worker).events).toEqual(['onModuleInit']);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      const health = await fetch(`${url}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', service: 'runner', instance_id: instanceId() });
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { demo: { status: 'up' } } });
      const demo = await fetch(`${url}/api/v1/demo`);
      expect(await demo.json()).toEqual({ namespace: 'dq_t1', same: true });
      const missing = await fetch(`${url}/api/v1/none`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('route_not_found');

      const lines = chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const started = lines.find((line) => line.msg === 'service started');
      expect(started).toMatchObject({ service: 'runner', port: Number(new URL(url).port) });
      expect(started?.config).toMatchObject({ DATABASE_URL: '[redacted]', REDIS_URL: '[redacted]', PORT: 0 });
      const text = chunks.join('');
      expect(text).not.toContain('pg-secret-1');
      expect(text).not.toContain('redis-secret-2');
      expect(
        lines.some((line) => line.context === 'RoutesResolver' || line.context === 'NestApplication'),
      ).toBe(true);
    } finally {
      await app.close();
    }
  });
});
