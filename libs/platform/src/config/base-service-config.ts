import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
} from 'class-validator';
import { Secret } from './secret.decorator';
import { IsServiceUrl } from './url.validator';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** PORT 0 (an ephemeral port) is only for in-process tests, so it is refused outside NODE_ENV=test. */
function IsServicePort(): PropertyDecorator {
  return ValidateBy({
    name: 'isServicePort',
    validator: {
      validate: (value: unknown, args) => {
        if (typeof value !== 'number' || !Number.isInteger(value)) return false;
        const min = (args?.object as Partial<HttpServiceConfig>).NODE_ENV === 'test' ? 0 : 1;
        return value >= min && value <= 65535;
      },
      defaultMessage: () =>
        'must be an integer from 1 to 65535 (0, an ephemeral port, only with NODE_ENV=test)',
    },
  });
}

/**
 * The variables every HTTP-serving process reads: the frontend host needs only these. Property
 * names are the environment variable names.
 */
export class HttpServiceConfig {
  @IsIn(NODE_ENVS)
  NODE_ENV: NodeEnv = 'development';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  @IsString()
  @MinLength(1)
  HOST = '0.0.0.0';

  @IsServicePort()
  PORT!: number;

  /** Graceful-shutdown budget; past it the process logs and exits 1. */
  @IsInt()
  @Min(1)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS = 25_000;

  /** When set, scrapes of `/metrics` must send it as a bearer token; unset, the endpoint is open. */
  @Secret()
  @IsOptional()
  @IsString()
  @MinLength(16)
  METRICS_TOKEN?: string;

  /** When set, spans are exported over OTLP/HTTP to `<endpoint>/v1/traces`; off by default. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'must be an http(s) URL' })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
}

/**
 * The variables every backend service reads: the shared state (PostgreSQL, Redis, NATS). Each app
 * extends it, sets its own PORT default and adds its own variables:
 * `class ApiGatewayConfig extends BaseServiceConfig { PORT = 8082; ... }`. No secret has a default.
 */
export class BaseServiceConfig extends HttpServiceConfig {
  @Secret()
  @IsServiceUrl(['postgres:', 'postgresql:'])
  DATABASE_URL!: string;

  @Secret()
  @IsServiceUrl(['redis:', 'rediss:'])
  REDIS_URL!: string;

  @IsServiceUrl(['nats:', 'tls:'], { list: true })
  NATS_URL!: string;

  /** Prefixes NATS subjects, streams, durables and the BullMQ prefix, so parallel test runs stay apart. */
  @Matches(/^[a-z][a-z0-9_]{0,30}$/, { message: 'must match ^[a-z][a-z0-9_]{0,30}$' })
  MESSAGING_NAMESPACE = 'dq';

  /**
   * `on` (or true, yes, 1) pins zero-sample mode on for the whole deployment: no failing row is read
   * or stored and no request can turn it off. Unset, empty or `off` leaves it to the workspace
   * setting; any other value refuses to boot, since a mistyped privacy pin must not silently fail
   * open. Every backend process reads it, so the runner enforces what admins see.
   */
  @IsBoolean()
  ZERO_SAMPLE_MODE = false;

  /** The declared data-residency posture (for example `eu-west-1`), shown to admins as is. */
  @Matches(/^[A-Za-z0-9 ._-]{0,64}$/, { message: 'must be at most 64 letters, digits, spaces, . _ -' })
  DEPLOYMENT_REGION = '';
}
