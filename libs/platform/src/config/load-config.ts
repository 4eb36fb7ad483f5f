import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, type ValidationError } from 'class-validator';
import { ConfigError, type ConfigProblem } from './config-error';
import { secretKeys } from './secret.decorator';

type ConfigSchema<T> = new () => T;

const NUMBER_VALIDATORS = new Set(['isInt', 'isNumber', 'isPositive', 'isNegative', 'min', 'max', 'isPort']);
const BOOLEAN_VALIDATORS = new Set(['isBoolean']);
const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

export const REDACTED = '[redacted]';

interface PropertyInfo {
  name: string;
  kind: 'number' | 'boolean' | 'string';
}

/** Property names and value kinds, from the validators, the emitted design type and the default. */
function describeSchema<T extends object>(schema: ConfigSchema<T>): PropertyInfo[] {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(schema, '', true, false);
  const defaults = new schema() as Record<string, unknown>;
  const names = new Set<string>([...metadatas.map((m) => m.propertyName), ...Object.keys(defaults)]);
  return [...names].map((name) => {
    const validators = new Set(metadatas.filter((m) => m.propertyName === name).map((m) => m.name ?? m.type));
    const designType = Reflect.getMetadata('design:type', schema.prototype as object, name) as unknown;
    const fallback = defaults[name];
    const isNumber =
      designType === Number ||
      typeof fallback === 'number' ||
      [...validators].some((v) => NUMBER_VALIDATORS.has(v));
    const isBoolean =
      designType === Boolean ||
      typeof fallback === 'boolean' ||
      [...validators].some((v) => BOOLEAN_VALIDATORS.has(v));
    return { name, kind: isNumber ? 'number' : isBoolean ? 'boolean' : 'string' };
  });
}

/** Converts what can be converted; anything else stays a string so the validator names the problem. */
function convert(raw: string, kind: PropertyInfo['kind']): unknown {
  const trimmed = raw.trim();
  if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  if (kind === 'boolean') {
    const word = trimmed.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return raw;
}

function problemsOf(
  error: ValidationError,
  secrets: ReadonlySet<string>,
  raw: Record<string, string>,
  prefix = '',
): ConfigProblem[] {
  const variable = `${prefix}${error.property}`;
  const own: ConfigProblem[] = [];
  if (error.constraints) {
    const unset = raw[error.property] === undefined && error.value === undefined;
    let problem = unset ? 'is required but not set' : Object.values(error.constraints).join('; ');
    // A custom message could interpolate $value: never let a secret's value through.
    const value = raw[error.property];
    if (secrets.has(error.property) && value) problem = problem.split(value).join(REDACTED);
    // class-validator's default messages start with the property name; the variable is named already.
    problem = problem.replace(new RegExp(`\\b${error.property} `, 'g'), '');
    own.push({ variable, problem });
  }
  const nested = (error.children ?? []).flatMap((child) => problemsOf(child, secrets, raw, `${variable}.`));
  return [...own, ...nested];
}

/**
 * Builds and validates a config object from the environment. Properties of `schema` are the variable
 * names; class defaults apply to unset (or empty) variables; numbers and booleans are converted.
 * Throws `ConfigError` naming EVERY bad or missing variable. The only place that reads process.env.
 */
export function loadConfig<T extends object>(
  schema: ConfigSchema<T>,
  env: NodeJS.ProcessEnv = process.env,
): T {
  const properties = describeSchema(schema);
  const raw: Record<string, string> = {};
  const plain: Record<string, unknown> = {};
  for (const { name, kind } of properties) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    raw[name] = value;
    plain[name] = convert(value, kind);
  }
  const config = plainToInstance(schema, plain, { exposeDefaultValues: true });
  const errors = validateSync(config, { validationError: { target: false, value: false } });
  if (errors.length > 0) {
    const secrets = secretKeys(schema);
    throw new ConfigError(errors.flatMap((error) => problemsOf(error, secrets, raw)));
  }
  return config;
}

/**
 * `loadConfig`, or a JSON `fatal` line on stderr listing the problems and exit code 78 (EX_CONFIG).
 * For `main.ts`: a service with a bad environment must not half-start.
 */
export function loadConfigOrExit<T extends object>(
  schema: ConfigSchema<T>,
  service: string,
  env: NodeJS.ProcessEnv = process.env,
): T {
  try {
    return loadConfig(schema, env);
  } catch (error: unknown) {
    if (!(error instanceof ConfigError)) throw error;
    const line = {
      level: 'fatal',
      time: new Date().toISOString(),
      service,
      msg: 'invalid configuration',
      problems: error.problems,
    };
    process.stderr.write(`${JSON.stringify(line)}\n`);
    return process.exit(78);
  }
}

/** Strips `user:password@` from URL-shaped values that are not flagged secret (e.g. NATS_URL). */
function withoutUserInfo(value: string): string {
  return value.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s,]*@/gi, `$1${REDACTED}@`);
}

/** A loggable copy of a config object: secret values replaced by `[redacted]`. */
export function describeConfig(config: object): Record<string, unknown> {
  const secrets = secretKeys(config.constructor as new () => object);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (secrets.has(key)) out[key] = value === undefined ? undefined : REDACTED;
    else out[key] = typeof value === 'string' ? withoutUserInfo(value) : value;
  }
  return out;
}
