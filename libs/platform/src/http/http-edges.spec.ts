import { Controller, Get, Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { AppError, ErrorCode } from '@dq/contracts';
import request from 'supertest';
import { createLogger } from '../logging/create-logger';
import { LoggingModule } from '../logging/logging.module';
import { configureHttpApp } from './configure-http-app';

@Controller('edges')
class EdgesController {
  @Get('unauthenticated')
  unauthenticated(): never {
    throw new AppError(ErrorCode.Unauthenticated, 'Authentication required');
  }

  @Get('limited')
  limited(): never {
    throw new AppError(ErrorCode.RateLimited, 'Too many sign-in code requests; try again later', {
      retry_after_seconds: 840,
    });
  }
}

@Module({ controllers: [EdgesController] })
class EdgesModule {}

describe('HTTP edges of the error envelope', () => {
  let app: NestExpressApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    const logger = createLogger({ service: 'test', level: 'silent' });
    const moduleRef = await Test.createTestingModule({
      imports: [LoggingModule.forRoot(logger), EdgesModule],
    }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
    configureHttpApp(app, {
      globalPrefix: 'api/v1',
      bodyLimitBytes: 2048,
      nodeEnv: 'test',
      logger,
      shutdownHooks: false,
    });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  it('a 401 names the Bearer scheme', async () => {
    const answer = await http().get('/api/v1/edges/unauthenticated');
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer');
    expect(answer.body.error.code).toBe('unauthenticated');
  });

  it('a 429 carries Retry-After equal to detail.retry_after_seconds', async () => {
    const answer = await http().get('/api/v1/edges/limited');
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('840');
    expect(answer.body.error.detail).toEqual({ retry_after_seconds: 840 });
  });

  it('TRACE is 405 method_not_allowed on any path, a known one or not; other unknown routes stay 404', async () => {
    for (const path of ['/api/v1/edges/limited', '/api/v1/nowhere']) {
      const answer = await http().trace(path);
      expect(answer.status).toBe(405);
      expect(answer.body).toEqual({
        error: { code: 'method_not_allowed', message: 'TRACE is not served', detail: { method: 'TRACE' } },
      });
    }
    expect((await http().get('/api/v1/nowhere')).body.error.code).toBe('route_not_found');
  });
});
