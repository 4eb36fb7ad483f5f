import { Body, Controller, Get, HttpCode, Module, Post, Query } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { Type } from 'class-transformer';
import { IsOptional, IsString, ValidateNested } from 'class-validator';
import request from 'supertest';
import { createLogger } from '../logging/create-logger';
import { configureHttpApp } from './configure-http-app';
import { MAX_JSON_DEPTH, findUnstorableText, jsonDepthExceeds } from './hostile-input';

class InnerDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => InnerDto)
  inner?: InnerDto;

  @IsOptional()
  @IsString()
  name?: string;
}

class SearchDto {
  @IsOptional()
  @IsString()
  q?: string;
}

@Controller('things')
class ThingsController {
  @Post()
  @HttpCode(201)
  create(@Body() body: InnerDto): { name: string | undefined } {
    return { name: body.name };
  }

  @Get('search')
  search(@Query() query: SearchDto): { q: string | undefined } {
    return { q: query.q };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

const nested = (depth: number): string => '{"inner":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

describe('hostile input', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [ThingsModule] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
    configureHttpApp(app, {
      globalPrefix: 'api/v1',
      nodeEnv: 'development',
      logger: createLogger({ service: 'test', level: 'silent' }),
      shutdownHooks: false,
    });
    await app.init();
  });
  afterAll(async () => {
    await app.close();
  });
  const http = () => request(app.getHttpServer());
  const postRaw = (body: string | Buffer) =>
    http()
      .post('/api/v1/things')
      .set('Content-Type', 'application/json')
      .serialize((raw: unknown) => raw as string)
      .send(body as string);

  it('measures nesting outside strings only', () => {
    expect(jsonDepthExceeds(Buffer.from('[[["[[[[[["]]]'), 3)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from('[[[["\\"[[["]]]]'), 3)).toBe(true);
  });

  it('refuses JSON nested 3,000 levels deep with 422 invalid_json (class-transformer overflowed: 500)', async () => {
    const res = await postRaw(nested(3000));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: {
        code: 'invalid_json',
        message: `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`,
        detail: { reason: 'too_deep', max_depth: MAX_JSON_DEPTH },
      },
    });
    expect((await postRaw(nested(MAX_JSON_DEPTH))).status).toBe(201);
    expect((await postRaw(nested(MAX_JSON_DEPTH + 1))).status).toBe(422);
  });

  it('refuses a body that is not UTF-8 instead of decoding it to U+FFFD', async () => {
    const res = await postRaw(
      Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    );
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid_json', detail: { reason: 'invalid_utf8' } });
    // Raw UTF-8 bytes of a surrogate (CESU) are not UTF-8 either.
    const cesu = await postRaw(
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    );
    expect(cesu.status).toBe(422);
    const fine = await postRaw(Buffer.from('{"name":"Zürich 😀"}'));
    expect(fine.body).toEqual({ name: 'Zürich 😀' });
  });

  it('refuses a NUL or a lone surrogate in any string, naming the field', async () => {
    for (const [body, field] of [
      ['{"name":"a\\u0000b"}', 'name'],
      ['{"inner":{"name":"\\ud800"}}', 'inner.name'],
      ['{"inner":{"name":"\\udc00x"}}', 'inner.name'],
      ['{"list":["ok","\\u0000"]}', 'list.1'],
      ['{"inner":{"a\\u0000":1}}', 'inner'],
    ] as const) {
      const res = await postRaw(body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.detail.fields[0].field).toBe(field);
    }
    expect((await postRaw('{"name":"\\ud83d\\ude00"}')).body).toEqual({ name: '😀' });
  });

  it('refuses a NUL, a lone surrogate or undecodable bytes in the query or the path', async () => {
    for (const [url, field] of [
      ['/api/v1/things/search?q=%00', 'query.q'],
      ['/api/v1/things/search?q=%ED%A0%80', 'query.q'],
      ['/api/v1/things/search?q=%FF', 'query.q'],
      ['/api/v1/things/search?q=%', 'query.q'],
      ['/api/v1/things/a%00b', 'path'],
      ['/api/v1/things/%C0', 'path'],
    ] as const) {
      const res = await http().get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 422 });
      expect(res.body.error).toMatchObject({ code: 'validation_failed', detail: { fields: [{ field }] } });
    }
    expect((await http().get('/api/v1/things/search?q=a+b%20%C3%BC')).body).toEqual({ q: 'a b ü' });
  });

  it('finds the first unstorable string with its path', () => {
    expect(findUnstorableText({ a: [1, { b: 'x\u0000' }] }, '')).toEqual({
      field: 'a.1.b',
      problem: 'must not contain a NUL character',
    });
    expect(findUnstorableText({ a: 'fine', b: ['\u{1F600}'] }, '')).toBeUndefined();
  });
});
