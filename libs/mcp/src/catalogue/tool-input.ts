import { type Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppError, ErrorCode, type FieldViolation } from '@dq/contracts';
import { dtoJsonSchemas, type JsonSchema, toFieldViolations } from '@dq/platform';

/** The JSON Schema subset tool inputs are written in. */
export type { JsonSchema };

/** A tool's arguments: the schema clients see and the parser every call goes through. */
export interface ToolInput<Args> {
  readonly jsonSchema: JsonSchema & { type: 'object' };
  /** Validates `raw` as REST validates a request: 422 `validation_failed` with the fields named. */
  parse(raw: unknown): Promise<Args>;
}

/** One named argument (a path parameter or a scalar option on REST). */
export interface ArgSpec<T> {
  readonly schema: JsonSchema;
  readonly optional: boolean;
  /** The value, or the problems with it (never echoing the value: it may be a secret). */
  check(value: unknown): { value: T } | { problems: string[] };
}

type ArgValue<S> = S extends ArgSpec<infer T> ? (S['optional'] extends true ? T | undefined : T) : never;
type ArgValues<P> = { [K in keyof P]: ArgValue<P[K]> };

const ID_MAX_LENGTH = 200;

/**
 * An object's id. Not checked as a UUID here: like REST, a malformed id is simply "not found" from
 * the service, so both surfaces answer it the same way.
 */
export function idArg(description: string): ArgSpec<string> {
  return {
    schema: { type: 'string', format: 'uuid', description },
    optional: false,
    check: (value) =>
      typeof value === 'string' && value.length > 0 && value.length <= ID_MAX_LENGTH
        ? { value }
        : { problems: ['must be an id string'] },
  };
}

/** Several ids at once (batch getters), 1 to `max`, duplicates dropped. */
export function idListArg(description: string, max: number): ArgSpec<string[]> {
  return {
    schema: {
      type: 'array',
      items: { type: 'string', format: 'uuid' },
      minItems: 1,
      maxItems: max,
      description,
    },
    optional: false,
    check: (value) => {
      if (!Array.isArray(value) || value.length === 0 || value.length > max) {
        return { problems: [`must be a list of 1 to ${max} ids`] };
      }
      if (
        value.some((item) => typeof item !== 'string' || item.length === 0 || item.length > ID_MAX_LENGTH)
      ) {
        return { problems: ['each item must be an id string'] };
      }
      return { value: [...new Set(value as string[])] };
    },
  };
}

export function intArg(options: { description: string; min: number; max: number }): ArgSpec<number> {
  const { description, min, max } = options;
  return {
    schema: { type: 'integer', minimum: min, maximum: max, description },
    optional: false,
    check: (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
        ? { value }
        : { problems: [`must be an integer from ${min} to ${max}`] },
  };
}

export function stringArg(options: { description: string; maxLength: number }): ArgSpec<string> {
  const { description, maxLength } = options;
  return {
    schema: { type: 'string', minLength: 1, maxLength, description },
    optional: false,
    check: (value) =>
      typeof value === 'string' && value.length > 0 && value.length <= maxLength
        ? { value }
        : { problems: [`must be a string of 1 to ${maxLength} characters`] },
  };
}

export function enumArg<T extends string>(values: readonly T[], description: string): ArgSpec<T> {
  return {
    schema: { type: 'string', enum: [...values], description },
    optional: false,
    check: (value) =>
      typeof value === 'string' && (values as readonly string[]).includes(value)
        ? { value: value as T }
        : { problems: [`must be one of: ${values.join(', ')}`] },
  };
}

export function boolArg(description: string): ArgSpec<boolean> {
  return {
    schema: { type: 'boolean', description },
    optional: false,
    check: (value) => (typeof value === 'boolean' ? { value } : { problems: ['must be a boolean'] }),
  };
}

/** The same argument, which the caller may leave out. */
export function optional<T>(spec: ArgSpec<T>): ArgSpec<T> & { optional: true } {
  return { ...spec, optional: true };
}

/** JSON Schemas of every validated DTO class, from the same decorators the REST pipe enforces. */
function schemasOfDtos(): Readonly<Record<string, JsonSchema>> {
  return dtoJsonSchemas('#/$defs/');
}

/** The `$defs` a schema reaches through `#/$defs/…` references, transitively. */
function referencedDefinitions(schema: JsonSchema): Record<string, JsonSchema> {
  const all = schemasOfDtos();
  const found: Record<string, JsonSchema> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
        const name = value.slice('#/$defs/'.length);
        const definition = all[name];
        if (definition && !found[name]) {
          found[name] = definition;
          visit(definition);
        }
      } else {
        visit(value);
      }
    }
  };
  visit(schema);
  return found;
}

/** Validation exactly as REST's global pipe: unknown fields refused, values transformed. */
async function validateDto<T extends object>(
  type: Type<T>,
  plain: Record<string, unknown>,
): Promise<{
  value: T;
  problems: FieldViolation[];
}> {
  const value = plainToInstance(type, plain);
  const errors = await validate(value, {
    whitelist: true,
    forbidNonWhitelisted: true,
    validationError: { target: false, value: false },
  });
  return { value, problems: toFieldViolations(errors) };
}

/**
 * A tool's input: named arguments (REST's path parameters and options) and, optionally, the
 * fields of the request DTO REST validates, flattened beside them and handed over as `body`.
 * Both are checked on every call; failures are one 422 listing every field.
 */
export function toolInput<
  P extends Record<string, ArgSpec<unknown>>,
  B extends object | undefined = undefined,
>(spec: {
  args?: P;
  body?: Type<Exclude<B, undefined>>;
}): ToolInput<ArgValues<P> & (B extends object ? { body: B } : unknown)> {
  const args = (spec.args ?? {}) as P;
  const bodySchema = spec.body ? schemasOfDtos()[spec.body.name] : undefined;
  if (spec.body && !bodySchema) throw new Error(`no validation metadata for ${spec.body.name}`);
  const bodyProperties = (bodySchema?.['properties'] ?? {}) as Record<string, JsonSchema>;
  for (const name of Object.keys(args)) {
    if (name in bodyProperties)
      throw new Error(`argument ${name} collides with a field of ${spec.body?.name}`);
  }

  const properties: Record<string, JsonSchema> = { ...bodyProperties };
  const required: string[] = [...((bodySchema?.['required'] as string[] | undefined) ?? [])];
  for (const [name, arg] of Object.entries(args)) {
    properties[name] = arg.schema;
    if (!arg.optional) required.push(name);
  }
  const definitions = bodySchema ? referencedDefinitions(bodySchema) : {};
  const jsonSchema = {
    type: 'object' as const,
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(Object.keys(definitions).length ? { $defs: definitions } : {}),
  };

  return {
    jsonSchema,
    async parse(raw) {
      const given = raw === undefined || raw === null ? {} : raw;
      if (typeof given !== 'object' || Array.isArray(given)) {
        throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
          fields: [{ field: 'arguments', problems: ['must be an object'] }],
        });
      }
      const problems: FieldViolation[] = [];
      const parsed: Record<string, unknown> = {};
      const rest: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(given as Record<string, unknown>)) {
        if (name in args) continue;
        rest[name] = value;
      }
      for (const [name, arg] of Object.entries(args)) {
        const value = (given as Record<string, unknown>)[name];
        if (value === undefined) {
          if (!arg.optional) problems.push({ field: name, problems: [`${name} is required`] });
          continue;
        }
        const outcome = arg.check(value);
        if ('problems' in outcome) problems.push({ field: name, problems: outcome.problems });
        else parsed[name] = outcome.value;
      }
      if (spec.body) {
        const body = await validateDto(spec.body, rest);
        problems.push(...body.problems);
        parsed['body'] = body.value;
      } else {
        for (const name of Object.keys(rest)) {
          problems.push({ field: name, problems: [`property ${name} should not exist`] });
        }
      }
      if (problems.length) {
        throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields: problems });
      }
      return parsed as ArgValues<P> & (B extends object ? { body: B } : unknown);
    },
  };
}
