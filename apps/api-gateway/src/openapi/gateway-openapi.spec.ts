/**
 * The committed docs/openapi.json is what the code generates, and the document is complete: every
 * operation named verb_noun with a tag, its body and success answer described, its errors listed
 * with codes that exist and fit their status. `npm run openapi:write` regenerates the file.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  CONNECTION_CONFIG_CLASSES,
  CONNECTION_CREDENTIAL_CLASSES,
  type ConnectionKind,
  CreateCheckRequest,
  CreateConnectionRequest,
  CreateSuiteRequest,
  ERROR_STATUS,
  ErrorCode,
} from '@dq/contracts';
import { type JsonSchema, type OpenApiDocument, type OpenApiOperation } from '@dq/platform';
import { OPENAPI_DOCUMENT_FILE, gatewayOpenApiDocument } from './gateway-openapi';
import { CHECK_EXAMPLES, CONNECTION_EXAMPLES, SUITE_EXAMPLES } from './request-examples';

/** The problems the validation pipe would find in `body` as a `type`, unknown fields refused. */
function problems(type: Type, body: unknown): string[] {
  const errors = validateSync(plainToInstance(type, body) as object, {
    whitelist: true,
    forbidNonWhitelisted: true,
  });
  return errors.flatMap((error) => Object.values(error.constraints ?? { [error.property]: 'nested' }));
}

const ROOT = join(__dirname, '..', '..', '..', '..');
const FILE = join(ROOT, OPENAPI_DOCUMENT_FILE);
const UNAUTHENTICATED_PATHS = ['/healthz', '/readyz', '/api/v1/auth/otp/request', '/api/v1/auth/otp/verify'];

describe('the OpenAPI document', () => {
  let document: OpenApiDocument;
  let operations: [string, OpenApiOperation][];

  beforeAll(async () => {
    document = await gatewayOpenApiDocument();
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]): [string, OpenApiOperation] => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
    );
  }, 60_000);

  /** A schema with something in it: a `$ref` to a component with fields, or its own keywords. */
  const described = (schema: JsonSchema | undefined): boolean => {
    if (!schema) return false;
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const target = document.components.schemas[ref.split('/').pop() ?? ''];
      return described(target);
    }
    if (schema['type'] === 'object' && !schema['properties'] && !schema['additionalProperties']) return false;
    return Object.keys(schema).some((key) => key !== 'description');
  };

  it('is committed as docs/openapi.json exactly as the code generates it (npm run openapi:write)', () => {
    const committed = JSON.parse(readFileSync(FILE, 'utf8')) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('is valid OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
    // The validator ships as an ES module only; its command line checks the committed file.
    const cli = join(ROOT, 'node_modules/@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
    const verdict = JSON.parse(execFileSync(process.execPath, [cli, FILE], { encoding: 'utf8' })) as {
      valid: boolean;
      errors?: unknown;
    };
    expect(verdict).toEqual({ valid: true });
  });

  it('names every operation verb_noun, uniquely, and tags it', () => {
    const ids = operations.map(([, operation]) => operation.operationId);
    for (const [route, operation] of operations) {
      expect(`${route} ${operation.operationId}`).toMatch(/ [a-z]+(_[a-z]+)+$/);
      expect(operation.tags?.length).toBeGreaterThan(0);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes every request body and every success answer (204 aside)', () => {
    for (const [route, operation] of operations) {
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
        expect([route, type, described(media.schema)]).toEqual([route, type, true]);
      const successes = Object.entries(operation.responses).filter(([status]) => Number(status) < 400);
      expect([route, successes.length > 0]).toEqual([route, true]);
      for (const [status, response] of successes) {
        if (status === '204') continue;
        const media = Object.entries(response.content ?? {});
        expect([route, status, media.length > 0]).toEqual([route, status, true]);
        for (const [type, { schema }] of media)
          expect([route, status, type, described(schema)]).toEqual([route, status, type, true]);
      }
    }
  });

  it('lists every error as the envelope, with codes that exist and belong to the status', () => {
    const known = new Set<string>(Object.values(ErrorCode));
    for (const [route, operation] of operations) {
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      expect([route, errors.map(([status]) => status)]).toEqual([
        route,
        expect.arrayContaining(['422', '500']),
      ]);
      for (const [status, response] of errors) {
        if (route === 'GET /readyz' && status === '503') continue;
        const schema = response.content?.['application/json']?.schema as
          | { allOf: [unknown, { properties: { error: { properties: { code: { enum: string[] } } } } }] }
          | undefined;
        const codes = schema?.allOf[1].properties.error.properties.code.enum ?? [];
        expect([route, status, codes.length > 0]).toEqual([route, status, true]);
        for (const code of codes) {
          expect([route, code, known.has(code)]).toEqual([route, code, true]);
          expect([route, code, ERROR_STATUS[code as ErrorCode]]).toEqual([route, code, Number(status)]);
        }
      }
    }
  });

  it('asks a bearer credential everywhere but health and sign-in; those answer no 401', () => {
    expect(document.components.securitySchemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer' } });
    for (const [route, operation] of operations) {
      const open = UNAUTHENTICATED_PATHS.some((path) => route.endsWith(` ${path}`));
      expect([route, operation.security]).toEqual([route, open ? [] : [{ bearer: [] }]]);
      if (open && !route.endsWith('/verify'))
        expect([route, operation.responses['401']]).toEqual([route, undefined]);
      if (!open) expect([route, Boolean(operation.responses['401'])]).toEqual([route, true]);
    }
  });

  it('states validation rules as JSON Schema keywords, unknown fields refused', () => {
    const schemas = document.components.schemas;
    expect(schemas['CreateConnectionRequest']).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: expect.arrayContaining(['name', 'kind', 'config']),
      properties: {
        name: { type: 'string', minLength: 1, maxLength: expect.any(Number) },
        kind: { enum: expect.arrayContaining(['postgres', 'warehouse']) },
      },
    });
    // Config and credential per kind, as the service checks them.
    expect(schemas['CreateConnectionRequest']?.['oneOf']).toContainEqual({
      type: 'object',
      properties: {
        kind: { const: 'postgres' },
        config: { $ref: '#/components/schemas/PostgresConfig' },
        credential: { anyOf: [{ $ref: '#/components/schemas/PostgresCredential' }, { type: 'null' }] },
      },
    });
    expect(schemas['PostgresConfig']).toMatchObject({
      additionalProperties: false,
      required: ['host', 'port', 'database', 'user'],
      properties: { port: { type: 'integer', minimum: 1, maximum: 65535 } },
    });
    expect(schemas['CreateSuiteRequest']?.['additionalProperties']).toBe(false);
    expect(schemas['CreateCheckRequest']?.['additionalProperties']).toBe(false);
    const list = document.paths['/api/v1/runs']?.['get']?.parameters ?? [];
    expect(list.some((parameter) => parameter.in === 'query' && parameter.name === 'limit')).toBe(true);
  });

  it('links a created resource to the operations that take its id', () => {
    const created = document.paths['/api/v1/connections']?.['post']?.responses['201'];
    expect(created?.links?.['get_connection']).toEqual({
      operationId: 'get_connection',
      parameters: { id: '$response.body#/id' },
    });
    const check = document.paths['/api/v1/suites/{id}/checks']?.['post']?.responses['201'];
    expect(check?.links?.['get_check']?.parameters).toEqual({
      id: '$request.path.id',
      cid: '$response.body#/id',
    });
    const run = document.paths['/api/v1/suites/{id}/run']?.['post']?.responses['201'];
    expect(Object.keys(run?.links ?? {})).toEqual(expect.arrayContaining(['get_run', 'cancel_run']));
  });

  it('shows examples of the main bodies that the validation rules accept', () => {
    const examplesOf = (path: string, method: string) =>
      document.paths[path]?.[method]?.requestBody?.content['application/json']?.examples ?? {};
    expect(Object.keys(examplesOf('/api/v1/connections', 'post'))).toEqual(Object.keys(CONNECTION_EXAMPLES));
    expect(Object.keys(examplesOf('/api/v1/suites', 'post'))).toEqual(Object.keys(SUITE_EXAMPLES));
    expect(Object.keys(examplesOf('/api/v1/suites/{id}/checks', 'post'))).toEqual(
      Object.keys(CHECK_EXAMPLES),
    );
    for (const [kind, { value }] of Object.entries(CONNECTION_EXAMPLES)) {
      expect([kind, problems(CreateConnectionRequest, value)]).toEqual([kind, []]);
      expect(value['kind']).toBe(kind);
      const config = CONNECTION_CONFIG_CLASSES[kind as ConnectionKind];
      const credential = CONNECTION_CREDENTIAL_CLASSES[kind as ConnectionKind];
      expect([kind, problems(config, value['config'])]).toEqual([kind, []]);
      expect([kind, problems(credential, value['credential'])]).toEqual([kind, []]);
    }
    for (const [name, { value }] of Object.entries(SUITE_EXAMPLES))
      expect([name, problems(CreateSuiteRequest, value)]).toEqual([name, []]);
    for (const [kind, { value }] of Object.entries(CHECK_EXAMPLES)) {
      expect([kind, problems(CreateCheckRequest, value)]).toEqual([kind, []]);
      expect(value['kind']).toBe(kind);
    }
  });
});
