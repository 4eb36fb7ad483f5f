import { IsIn, IsInt, IsString, Matches, Max, Min, MinLength, ValidateBy } from 'class-validator';
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
}
