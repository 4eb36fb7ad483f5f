import { type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ERROR_STATUS, ErrorCode } from '@dq/contracts';
import { API_CREATES_KEY, API_ERRORS_KEY, type ApiCreatesTarget } from './api-errors.decorator';
import { dtoJsonSchemas, type JsonSchema } from './dto-json-schemas';
import { schemaTo31, withNull } from './openapi-31';

/** A controller method, as Nest's route metadata is kept on it. */
export type RouteHandler = (...args: never[]) => unknown;

/** What the guards in front of a route add to it: its security and the errors they answer. */
export interface OpenApiRouteFacts {
  /** No credential needed (sign-in, health): the operation carries no security requirement. */
  public: boolean;
  errors: readonly ErrorCode[];
}

/**
 * A request DTO some of whose fields the service checks per value of another (a connection's
 * `config` and `credential` per `kind`): the document states each variant as a `oneOf` branch.
 */
export interface OpenApiBodyVariants {
  dto: Type;
  /** The field whose value picks the variant, e.g. `kind`. */
  by: string;
  /** Per field, the validated class it must satisfy for each value of `by`. */
  fields: Record<string, Readonly<Record<string, Type>>>;
}

/**
 * Schemas for some fields of a request DTO, from a source truer than its decorators (a check's
 * `config` per kind, from the engine's catalogue); `defs` are added as components, and
 * `#/$defs/` references in them are pointed there.
 */
export interface OpenApiFieldSchemas {
  dto: Type;
  properties: Record<string, JsonSchema>;
  defs?: Record<string, JsonSchema>;
}

export interface OpenApiDocumentOptions {
  title: string;
  description?: string;
  /** e.g. `api/v1`, as given to the app. */
  globalPrefix?: string;
  /** Reads the route's guard metadata (`[handler, controller]`); without it routes are public. */
  routeFacts?: (targets: [RouteHandler, Type]) => OpenApiRouteFacts;
  variants?: readonly OpenApiBodyVariants[];
  fieldSchemas?: readonly OpenApiFieldSchemas[];
}

export type OpenApiDocument = Record<string, unknown> & {
  openapi: '3.1.0';
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

export interface OpenApiOperation {
  operationId: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; description?: string; content: Record<string, OpenApiMedia> };
  responses: Record<string, OpenApiResponse>;
  security?: Record<string, string[]>[];
  [key: string]: unknown;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiMedia {
  schema?: JsonSchema;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMedia>;
  headers?: Record<string, unknown>;
  links?: Record<string, { operationId: string; parameters: Record<string, string> }>;
}

/** Nest's own metadata keys (`@nestjs/common` keeps their constants internal). */
const NEST_PATH = 'path';
const NEST_METHOD = 'method';
const NEST_ROUTE_ARGS = '__routeArguments__';
const PARAM_BODY = 3;
const PARAM_QUERY = 4;

const SCHEMAS = '#/components/schemas/';
const NULLABLE = { optionalNullable: true };
export const BEARER_SCHEME = 'bearer';

/** Codes any route can answer: an undecodable URL, headers over Node's limit, a fault of ours. */
const EVERY_ROUTE: readonly ErrorCode[] = [
  ErrorCode.ValidationFailed,
  ErrorCode.HeadersTooLarge,
  ErrorCode.InternalError,
];
/** Codes of a route that reads a JSON body: the parser's and the validation pipe's. */
const BODY_ROUTE: readonly ErrorCode[] = [
  ErrorCode.InvalidJson,
  ErrorCode.PayloadTooLarge,
  ErrorCode.UnsupportedMediaType,
  ErrorCode.ValidationFailed,
];

interface Route {
  controller: Type;
  methodKey: string;
  handler: RouteHandler;
  method: string;
  paths: string[];
}

const HTTP_METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
};

/** A route path or paths as Nest keeps them (a string, or a list of strings). */
const asList = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((v) => typeof v === 'string')
      : [''];

/** `a/:id/` → `/a/{id}`, as OpenAPI writes a path. */
function openApiPath(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment))
    .join('/');
  return `/${joined}`;
}

/** Every HTTP route of the app's controllers, with the paths it may be documented under. */
function routesOf(app: INestApplication, globalPrefix: string): Route[] {
  const routes: Route[] = [];
  const seen = new Set<Type>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const prototype = controller.prototype as Record<string, unknown>;
      for (const methodKey of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[methodKey];
        if (methodKey === 'constructor' || typeof handler !== 'function') continue;
        const methodPath: unknown = Reflect.getMetadata(NEST_PATH, handler);
        const method = HTTP_METHODS[Reflect.getMetadata(NEST_METHOD, handler) as RequestMethod];
        if (methodPath === undefined || !method) continue;
        const paths = asList(Reflect.getMetadata(NEST_PATH, controller)).flatMap((base) =>
          asList(methodPath).flatMap((own) => [openApiPath(globalPrefix, base, own), openApiPath(base, own)]),
        );
        routes.push({ controller, methodKey, handler: handler as RouteHandler, method, paths });
      }
    }
  }
  return routes;
}

/** The class of the route's `@Body()` or whole-object `@Query()` parameter, if it has one. */
function paramClass(route: Route, paramType: number): Type | undefined {
  const args =
    (Reflect.getMetadata(NEST_ROUTE_ARGS, route.controller, route.methodKey) as
      Record<string, { index: number; data?: unknown }> | undefined) ?? {};
  const prototype = route.controller.prototype as object;
  const types =
    (Reflect.getMetadata('design:paramtypes', prototype, route.methodKey) as Type[] | undefined) ?? [];
  for (const [key, arg] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== paramType || arg.data !== undefined) continue;
    const type = types[arg.index];
    if (type && (type as unknown) !== Object) return type;
  }
  return undefined;
}

function metadataList<T>(key: string, targets: object[]): T[] {
  return targets.flatMap((target) => (Reflect.getMetadata(key, target) as T[] | undefined) ?? []);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A validated class's schema as its rules apply (an `@IsOptional()` field also takes null, which
 * class-validator lets through like a missing one); `closed` refuses unknown fields, as the
 * validation pipe does for a request.
 */
function validatedSchema(name: string, swagger: JsonSchema | undefined, closed: boolean): JsonSchema {
  const schema: JsonSchema = structuredClone(dtoJsonSchemas(SCHEMAS, NULLABLE)[name] ?? {});
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const described = (isRecord(swagger?.['properties']) ? swagger['properties'] : {}) as Record<
    string,
    JsonSchema
  >;
  for (const [key, property] of Object.entries(properties)) {
    const extra = described[key];
    if (extra?.['description'] !== undefined && property['description'] === undefined)
      property['description'] = extra['description'];
    if (extra?.['example'] !== undefined) property['examples'] = [extra['example']];
  }
  return closed ? { ...schema, properties, additionalProperties: false } : { ...schema, properties };
}

/** Component names a schema reaches through `$ref`. */
function refsOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => refsOf(item, found));
  else if (isRecord(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS))
        found.add(value.slice(SCHEMAS.length));
      else refsOf(value, found);
    }
  }
  return found;
}

/** The error envelope with `code` one of `codes`. */
function envelopeOf(codes: readonly ErrorCode[]): JsonSchema {
  return {
    allOf: [
      { $ref: `${SCHEMAS}ErrorEnvelope` },
      {
        type: 'object',
        properties: {
          error: { type: 'object', properties: { code: { type: 'string', enum: [...codes] } } },
        },
      },
    ],
  };
}

const ERROR_ENVELOPE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every error answer: `code` names the case, `detail` carries its facts.',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'detail'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', enum: Object.values(ErrorCode) },
        message: { type: 'string' },
        detail: { type: 'object', additionalProperties: true },
      },
    },
  },
};

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable request',
  429: 'Too many requests',
  431: 'Request headers too large',
  500: 'Internal error',
  502: 'Datasource failure',
  503: 'Service unavailable',
  504: 'Datasource timeout',
};

function errorResponses(
  operation: OpenApiOperation,
  codes: readonly ErrorCode[],
): Record<string, OpenApiResponse> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, OpenApiResponse> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const statusCodes = (byStatus.get(status) ?? []).sort();
    const stated = operation.responses[String(status)]?.description;
    const listed = statusCodes.map((code) => `\`${code}\``).join(', ');
    const response: OpenApiResponse = {
      description: !stated
        ? `${STATUS_TEXT[status] ?? 'Error'}: ${listed}`
        : statusCodes.every((code) => stated.includes(code))
          ? stated
          : `${stated}. Codes: ${listed}`,
      content: { 'application/json': { schema: envelopeOf(statusCodes) } },
    };
    if (status === 401)
      response.headers = { 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer' } } };
    if (status === 429)
      response.headers = {
        'Retry-After': {
          description: 'Seconds until the budget frees a request',
          schema: { type: 'integer', minimum: 1, maximum: 60 },
        },
      };
    responses[String(status)] = response;
  }
  return responses;
}

/** Query parameters of a whole-object `@Query()` DTO, one per field. */
function queryParameters(name: string): OpenApiParameter[] {
  const schema = dtoJsonSchemas(SCHEMAS, NULLABLE)[name];
  if (!schema) return [];
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  return Object.entries((schema['properties'] ?? {}) as Record<string, JsonSchema>).map(
    ([field, property]) => {
      // A query value is text in the URL: never null, whatever the rule on an optional field.
      const { description, nullable: _text, ...rest } = property;
      return {
        name: field,
        in: 'query',
        required: required.has(field),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      };
    },
  );
}

/**
 * Links from a 201 that made a resource to the operations that take its id: those under the new
 * resource's path, other path parameters taken from the request.
 */
function addLinks(
  document: OpenApiDocument,
  routesByOperation: Map<OpenApiOperation, Route>,
  prefix: string,
): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item)) {
      const created = operation.responses['201'];
      const route = routesByOperation.get(operation);
      if (!created || !route) continue;
      const schema = created.content?.['application/json']?.schema;
      const name = typeof schema?.['$ref'] === 'string' ? schema['$ref'].slice(SCHEMAS.length) : undefined;
      const properties = name ? document.components.schemas[name]?.['properties'] : undefined;
      if (!isRecord(properties)) continue;
      const elsewhere = Reflect.getMetadata(API_CREATES_KEY, route.handler) as ApiCreatesTarget | undefined;
      const resource = elsewhere ? openApiPath(prefix, elsewhere.path) : undefined;
      // The new id: where the route says, else the answer's `id`, else a field named like the
      // parameter (`{userId}` ← `user_id`).
      const pointerFor = (param: string): string | undefined => {
        if (elsewhere) return elsewhere.idPointer;
        if ('id' in properties) return '/id';
        const snake = param.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
        return snake in properties ? `/${snake}` : undefined;
      };
      const links: NonNullable<OpenApiResponse['links']> = {};
      for (const [targetPath, targetItem] of Object.entries(document.paths)) {
        let newParam: string | undefined;
        if (resource) {
          if (targetPath === resource || targetPath.startsWith(`${resource}/`))
            newParam = /\{([^}]+)\}$/.exec(resource)?.[1];
        } else {
          const match = new RegExp(`^${escapeRegExp(path)}/\\{([^}]+)\\}(/|$)`).exec(targetPath);
          newParam = match?.[1];
        }
        const pointer = newParam ? pointerFor(newParam) : undefined;
        if (!newParam || !pointer) continue;
        for (const target of Object.values(targetItem)) {
          const parameters: Record<string, string> = {};
          let reachable = true;
          for (const parameter of target.parameters ?? []) {
            if (parameter.in !== 'path') continue;
            if (parameter.name === newParam) parameters[parameter.name] = `$response.body#${pointer}`;
            else if (path.includes(`{${parameter.name}}`))
              parameters[parameter.name] = `$request.path.${parameter.name}`;
            else reachable = false;
          }
          if (reachable) links[target.operationId] = { operationId: target.operationId, parameters };
        }
      }
      if (Object.keys(links).length) created.links = links;
    }
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The app's OpenAPI 3.1 document: Nest's swagger scan for paths, parameters and response classes;
 * request bodies and query parameters from the class-validator rules the pipe enforces; every
 * error a route can answer, as the envelope with that status's codes. Build it after the global
 * prefix is set.
 */
export function buildOpenApiDocument(
  app: INestApplication,
  options: OpenApiDocumentOptions,
): OpenApiDocument {
  const prefix = options.globalPrefix ?? '';
  const config = new DocumentBuilder()
    .setTitle(options.title)
    .setDescription(options.description ?? '')
    .setVersion('v1')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'A personal access token or an SSO token' },
      BEARER_SCHEME,
    )
    .build();
  const swagger = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller}.${method}`,
  }) as unknown as Omit<OpenApiDocument, 'openapi'> & { openapi: string };
  const document = swagger as OpenApiDocument;
  document.openapi = '3.1.0';
  const schemas = document.components.schemas;

  const routesByOperation = new Map<OpenApiOperation, Route>();
  const requestClasses = new Set<string>();
  for (const route of routesOf(app, prefix)) {
    const path = route.paths.find((candidate) => document.paths[candidate]?.[route.method]);
    const operation = path ? document.paths[path]?.[route.method] : undefined;
    if (!path || !operation) continue;
    routesByOperation.set(operation, route);
    const targets: [RouteHandler, Type] = [route.handler, route.controller];
    const facts = options.routeFacts?.(targets) ?? { public: true, errors: [] };
    const codes: ErrorCode[] = [...EVERY_ROUTE, ...facts.errors];

    const body = paramClass(route, PARAM_BODY);
    if (body || operation.requestBody) codes.push(...BODY_ROUTE);
    if (body && dtoJsonSchemas(SCHEMAS, NULLABLE)[body.name]) requestClasses.add(body.name);
    const query = paramClass(route, PARAM_QUERY);
    if (query) {
      const own = queryParameters(query.name);
      const named = new Set(own.map((parameter) => parameter.name));
      operation.parameters = [
        ...(operation.parameters ?? []).filter(
          (parameter) => !(parameter.in === 'query' && named.has(parameter.name)),
        ),
        ...own,
      ];
      for (const parameter of own) refsOf(parameter.schema).forEach((name) => requestClasses.add(name));
    }
    if (operation.parameters?.some((parameter) => parameter.in === 'path')) codes.push(ErrorCode.NotFound);
    codes.push(...metadataList<ErrorCode>(API_ERRORS_KEY, [route.controller, route.handler]));

    const errors = errorResponses(operation, codes);
    for (const status of Object.keys(operation.responses)) {
      // An error status must come with its codes, unless the route answers it with its own body.
      if (Number(status) >= 400 && !errors[status] && !operation.responses[status]?.content)
        throw new Error(`${route.controller.name}.${route.methodKey} documents ${status} but no code of it`);
    }
    operation.responses = { ...operation.responses, ...errors };
    operation.security = facts.public ? [] : [{ [BEARER_SCHEME]: [] }];
  }

  // Request DTOs, and the DTOs they nest, take their schema from the validation rules.
  const pending = [...requestClasses];
  const done = new Set<string>();
  while (pending.length) {
    const name = pending.pop() as string;
    if (done.has(name) || !dtoJsonSchemas(SCHEMAS, NULLABLE)[name]) continue;
    done.add(name);
    schemas[name] = validatedSchema(name, schemas[name], true);
    refsOf(schemas[name]).forEach((ref) => pending.push(ref));
  }
  for (const variant of options.variants ?? []) {
    const base = schemas[variant.dto.name];
    if (!base || !done.has(variant.dto.name)) continue;
    const baseProperties = (base['properties'] ?? {}) as Record<string, JsonSchema>;
    const values = [...new Set(Object.values(variant.fields).flatMap((byValue) => Object.keys(byValue)))];
    base['oneOf'] = values.map((value) => {
      const properties: Record<string, JsonSchema> = { [variant.by]: { const: value } };
      for (const [field, byValue] of Object.entries(variant.fields)) {
        const type = byValue[value];
        if (!type) continue;
        if (!done.has(type.name)) {
          done.add(type.name);
          schemas[type.name] = validatedSchema(type.name, undefined, true);
        }
        const ref = { $ref: `${SCHEMAS}${type.name}` };
        properties[field] = baseProperties[field]?.['nullable'] === true ? withNull(ref) : ref;
      }
      return { type: 'object', properties };
    });
  }
  for (const overlay of options.fieldSchemas ?? []) {
    const base = schemas[overlay.dto.name];
    if (!base || !done.has(overlay.dto.name)) continue;
    const pointed = (schema: JsonSchema): JsonSchema =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', `"${SCHEMAS}`)) as JsonSchema;
    const properties = (base['properties'] ?? {}) as Record<string, JsonSchema>;
    // The rule's `nullable` stays: an optional field still takes null after the conversion.
    for (const [field, schema] of Object.entries(overlay.properties))
      properties[field] = { ...properties[field], ...pointed(schema) };
    for (const [name, schema] of Object.entries(overlay.defs ?? {})) schemas[name] = pointed(schema);
  }
  // Answers declared with a validated class that carries no @ApiProperty (the runner's replies)
  // are described by its validation rules too, without claiming unknown fields are never sent.
  const undescribed = (schema: JsonSchema | undefined): boolean =>
    !isRecord(schema?.['properties']) || Object.keys(schema['properties']).length === 0;
  const answers = Object.keys(schemas).filter(
    (name) => !done.has(name) && undescribed(schemas[name]) && dtoJsonSchemas(SCHEMAS, NULLABLE)[name],
  );
  while (answers.length) {
    const name = answers.pop() as string;
    if (done.has(name) || !dtoJsonSchemas(SCHEMAS, NULLABLE)[name]) continue;
    done.add(name);
    schemas[name] = validatedSchema(name, schemas[name], false);
    refsOf(schemas[name]).forEach((ref) => answers.push(ref));
  }
  schemas['ErrorEnvelope'] = ERROR_ENVELOPE_SCHEMA;

  for (const [name, schema] of Object.entries(schemas)) schemas[name] = schemaTo31(schema);
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? [])
        if (parameter.schema) parameter.schema = schemaTo31(parameter.schema);
      for (const media of Object.values(operation.requestBody?.content ?? {}))
        if (media.schema) media.schema = schemaTo31(media.schema);
      for (const response of Object.values(operation.responses))
        for (const media of Object.values(response.content ?? {}))
          if (media.schema) media.schema = schemaTo31(media.schema);
    }
  }
  addLinks(document, routesByOperation, prefix);
  const { openapi, ...rest } = document;
  return { openapi, ...rest };
}
