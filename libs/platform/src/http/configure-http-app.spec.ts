import { Writable } from 'node:stream';
import { Body, Controller, Get, HttpCode, Inject, Module, NotFoundException, Post } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { AppError, ErrorCode } from '@dq/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min, ValidateNested } from 'class-validator';
import request from 'supertest';
import { HealthModule } from '../health/health.module';
import { createLogger, type Logger } from '../logging/create-logger';
import { LOGGER, LoggingModule } from '../logging/logging.module';
import { configureHttpApp } from './configure-http-app';

const INTERNAL_DETAIL = 'connection to 10.1.2.3 failed for user dq_admin';

class ThresholdsDto {
  @IsInt()
  @Min(0)
  @Max(100)
  warn!: number;
}

class CreateThingDto {
  @IsString()
  name!: string;

  @ValidateNested()
  @Type(() => ThresholdsDto)
  thresholds!: ThresholdsDto;
}

@Controller('things')
class ThingsController {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  @Post()
  @HttpCode(201)
  async create(@Body() body: CreateThingDto): Promise<{ name: string; warn: number; dto: boolean }> {
    await new Promise((resolve) => setImmediate(resolve));
    this.logger.info('creating a thing');
    return { name: body.name, warn: body.thresholds.warn, dto: body instanceof CreateThingDto };
  }

  @Get('list')
  list(): { items: { id: number }[] } {
    return { items: [{ id: 1 }, { id: 2 }] };
  }

  @Get('conflict')
  conflict(): never {
    throw new AppError(ErrorCode.ChannelInUse, 'Channel is referenced by 2 suites', { suite_count: 2 });
  }

  @Get('missing')
  missing(): never {
    throw new NotFoundException('Thing not found');
  }

  @Get('crash')
  crash(): never {
    throw new Error(INTERNAL_DETAIL);
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

interface Harness {
  app: NestExpressApplication;
  lines: () => Record<string, unknown>[];
}

async function boot(nodeEnv: 'development' | 'production' = 'development'): Promise<Harness> {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ service: 'test', level: 'info', destination });
  const moduleRef = await Test.createTestingModule({
    imports: [LoggingModule.forRoot(logger), HealthModule.forRoot({ service: 'test' }), ThingsModule],
  }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  configureHttpApp(app, {
    globalPrefix: 'api/v1',
    bodyLimitBytes: 2048,
    openApi: { title: 'Test API', docsPath: 'api/docs', documentPath: 'api/openapi.json' },
    nodeEnv,
    logger,
    shutdownHooks: false,
  });
  await app.init();
  return {
    app,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('configureHttpApp', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await boot();
  });
  afterAll(async () => {
    await h.app.close();
  });
  const http = () => request(h.app.getHttpServer());

  it('serves routes under the prefix and probes at the root', async () => {
    const created = await http()
      .post('/api/v1/things')
      .send({ name: 'a', thresholds: { warn: 5 } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ name: 'a', warn: 5, dto: true });
    expect((await http().get('/healthz')).status).toBe(200);
    expect((await http().get('/api/v1/healthz')).status).toBe(404);
    expect(created.headers['x-powered-by']).toBeUndefined();
  });

  it('answers a read with its body every time, never an ETag or a 304', async () => {
    const first = await http().get('/api/v1/things/list');
    expect(first.status).toBe(200);
    expect(first.headers['etag']).toBeUndefined();
    // A client that sends a validator it made up (or kept from elsewhere) still gets the data.
    const again = await http().get('/api/v1/things/list').set('If-None-Match', 'W/"anything"');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ items: [{ id: 1 }, { id: 2 }] });
  });

  it('maps an AppError to its status and envelope', async () => {
    const res = await http().get('/api/v1/things/conflict');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: {
        code: 'channel_in_use',
        message: 'Channel is referenced by 2 suites',
        detail: { suite_count: 2 },
      },
    });
  });

  it('answers an unknown route with 404 route_not_found naming method and path (no query)', async () => {
    const res = await http().delete('/api/v1/nowhere?token=abc');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: {
        code: 'route_not_found',
        message: 'No such route',
        detail: { method: 'DELETE', path: '/api/v1/nowhere' },
      },
    });
    const outside = await http().get('/elsewhere');
    expect(outside.status).toBe(404);
    expect(outside.body.error.code).toBe('route_not_found');
  });

  it("keeps a handler's own 404 as not_found", async () => {
    const res = await http().get('/api/v1/things/missing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Thing not found', detail: {} } });
  });

  it('answers 422 validation_failed with dotted field paths, and refuses unknown fields', async () => {
    const res = await http()
      .post('/api/v1/things')
      .send({ name: 7, thresholds: { warn: 'high' }, extra: true });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    const fields = (res.body.error.detail.fields as { field: string; problems: string[] }[])
      .map((f) => f.field)
      .sort();
    expect(fields).toEqual(['extra', 'name', 'thresholds.warn']);
    expect(JSON.stringify(res.body)).not.toContain('high');
  });

  it('answers malformed JSON with 422 invalid_json', async () => {
    const res = await http().post('/api/v1/things').set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: { code: 'invalid_json', message: 'Request body is not valid JSON', detail: {} },
    });
  });

  it('answers a body over the limit with 413 payload_too_large, before the handler runs', async () => {
    const res = await http()
      .post('/api/v1/things')
      .set('X-Request-Id', 'req-too-large')
      .send({ name: 'x'.repeat(4096), thresholds: { warn: 1 } });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: 'payload_too_large',
      message: 'Request body is too large',
      detail: { limit_bytes: 2048 },
    });
    const mine = h.lines().filter((line) => line.request_id === 'req-too-large');
    expect(mine.some((line) => line.msg === 'creating a thing')).toBe(false);
    expect(mine.find((line) => line.msg === 'request completed')).toMatchObject({ status: 413 });
  });

  it('answers an unexpected error with a bare 500 and logs it with the same error id', async () => {
    const res = await http().get('/api/v1/things/crash');
    expect(res.status).toBe(500);
    expect(Object.keys(res.body.error.detail)).toEqual(['error_id']);
    expect(res.body.error).toMatchObject({ code: 'internal_error', message: 'Internal error' });
    expect(res.text).not.toContain('10.1.2.3');
    expect(res.text).not.toContain('at ');
    const errorId = res.body.error.detail.error_id as string;
    expect(errorId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = h.lines().find((line) => line.error_id === errorId);
    expect(logged).toMatchObject({ level: 'error', path: '/api/v1/things/crash' });
    expect(JSON.stringify(logged)).toContain(INTERNAL_DETAIL);
  });

  it('does not log expected 4xx as errors', async () => {
    await http().get('/api/v1/things/conflict');
    await http().get('/api/v1/nowhere');
    expect(h.lines().filter((line) => line.level === 'error' && line.error_id === undefined)).toEqual([]);
    const errorLines = h.lines().filter((line) => line.level === 'error');
    expect(errorLines.every((line) => line.path === '/api/v1/things/crash')).toBe(true);
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const echoed = await http().get('/healthz').set('X-Request-Id', 'abc.DEF_123-x');
    expect(echoed.headers['x-request-id']).toBe('abc.DEF_123-x');
    const replaced = await http().get('/healthz').set('X-Request-Id', 'bad id; drop table');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await http().get('/healthz').set('X-Request-Id', 'a'.repeat(129));
    expect(tooLong.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await http().get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line per request without query, headers or body, and carries the id into handler logs', async () => {
    await http()
      .post('/api/v1/things?api_key=querysecret')
      .set('X-Request-Id', 'req-lines-1')
      .set('Authorization', 'Bearer headersecret')
      .send({ name: 'bodysecret', thresholds: { warn: 1 } });
    const mine = h.lines().filter((line) => line.request_id === 'req-lines-1');
    const completed = mine.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ method: 'POST', path: '/api/v1/things', status: 201 });
    expect(typeof completed[0].duration_ms).toBe('number');
    expect(mine.some((line) => line.msg === 'creating a thing')).toBe(true);
    const text = JSON.stringify(h.lines());
    for (const secret of ['querysecret', 'headersecret', 'bodysecret']) expect(text).not.toContain(secret);
  });

  it('serves the OpenAPI 3.1 document, and the docs page outside production', async () => {
    for (const path of ['/api/openapi.json', '/api/docs-json']) {
      const res = await http().get(path);
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe('3.1.0');
      expect(res.body.info.title).toBe('Test API');
    }
    expect((await http().get('/api/docs')).status).toBe(200);
  });
});

describe('configureHttpApp in production', () => {
  it('serves the OpenAPI document but not the docs page: that path is an unknown route', async () => {
    const h = await boot('production');
    try {
      const document = await request(h.app.getHttpServer()).get('/api/openapi.json');
      expect(document.status).toBe(200);
      expect(document.body.openapi).toBe('3.1.0');
      for (const path of ['/api/docs', '/api/docs-json']) {
        const res = await request(h.app.getHttpServer()).get(path);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('route_not_found');
      }
    } finally {
      await h.app.close();
    }
  });
});
