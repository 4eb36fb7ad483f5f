import { Writable } from 'node:stream';
import { Controller, Get, type INestApplication, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { HealthModule } from '../health/health.module';
import { createLogger } from '../logging/create-logger';
import { ShutdownCoordinator } from './shutdown-coordinator';

const events: string[] = [];

@Controller('work')
class WorkController {
  @Get()
  work(): { ok: true } {
    return { ok: true };
  }
}

@Module({ controllers: [WorkController] })
class WorkModule implements OnApplicationShutdown {
  onApplicationShutdown(): void {
    events.push('app-closed');
  }
}

function silentLogger() {
  return createLogger({
    service: 'test',
    level: 'fatal',
    destination: new Writable({ write: (_c, _e, done: () => void) => done() }),
  });
}

describe('ShutdownCoordinator', () => {
  let app: INestApplication;
  let coordinator: ShutdownCoordinator;

  beforeEach(async () => {
    events.length = 0;
    const moduleRef = await Test.createTestingModule({
      imports: [HealthModule.forRoot({ service: 'test' }), WorkModule],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    coordinator = app.get(ShutdownCoordinator);
    // No signals: these tests drive the drain directly.
    coordinator.install(app, {
      timeoutMs: 10_000,
      logger: silentLogger(),
      signals: [],
      exit: () => undefined,
    });
  });
  afterEach(async () => {
    coordinator.uninstall();
    await app.close().catch(() => undefined);
  });

  it('flips readiness, stops accepting, runs hooks by order, then closes the app', async () => {
    const before = await request(app.getHttpServer()).get('/work');
    expect(before.status).toBe(200);
    const server = app.getHttpServer() as { listening: boolean };
    coordinator.onShutdown('late', () => void events.push(`late:${String(server.listening)}`), 20);
    coordinator.onShutdown(
      'first',
      () => void events.push(`first:${String(coordinator.isShuttingDown)}`),
      10,
    );
    coordinator.onShutdown(
      'second',
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push('second');
      },
      10,
    );
    expect(coordinator.isShuttingDown).toBe(false);
    const code = await coordinator.shutdown('test');
    expect(code).toBe(0);
    expect(events).toEqual(['first:true', 'second', 'late:false', 'app-closed']);
  });

  it('keeps going when a hook fails, and reports exit code 1', async () => {
    coordinator.onShutdown('broken', () => {
      throw new Error('cannot hand back');
    });
    coordinator.onShutdown('after', () => void events.push('after'), 1);
    expect(await coordinator.shutdown('test')).toBe(1);
    expect(events).toEqual(['after', 'app-closed']);
  });

  it('on a signal drains and exits 0; a second signal forces exit 1', async () => {
    const exits: number[] = [];
    let releaseHook: () => void = () => undefined;
    const hookRunning = new Promise<void>((started) => {
      coordinator.onShutdown('slow-worker', () => {
        started();
        return new Promise<void>((resolve) => {
          releaseHook = resolve;
        });
      });
    });
    coordinator.install(app, {
      timeoutMs: 10_000,
      logger: silentLogger(),
      signals: ['SIGUSR2'],
      exit: (code) => void exits.push(code),
    });
    process.emit('SIGUSR2', 'SIGUSR2');
    await hookRunning;
    expect(coordinator.isShuttingDown).toBe(true);
    expect((app.getHttpServer() as { listening: boolean }).listening).toBe(false);
    process.emit('SIGUSR2', 'SIGUSR2');
    expect(exits).toEqual([1]);
    releaseHook();
    await coordinator.shutdown('test');
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([1, 0]);
  });

  it('exits 1 when the drain exceeds its budget', async () => {
    const exits: number[] = [];
    let releaseHook: () => void = () => undefined;
    coordinator.onShutdown('stuck', () => new Promise<void>((resolve) => (releaseHook = resolve)));
    coordinator.install(app, {
      timeoutMs: 20,
      logger: silentLogger(),
      signals: ['SIGUSR2'],
      exit: (code) => void exits.push(code),
    });
    process.emit('SIGUSR2', 'SIGUSR2');
    while (exits.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(exits).toEqual([1]);
    releaseHook();
    await coordinator.shutdown('test');
  });
});
