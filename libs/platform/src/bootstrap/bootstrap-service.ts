import type { AddressInfo } from 'node:net';
import { type DynamicModule, type INestApplication, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ServiceName } from '@dq/contracts';
import type { Logger } from 'pino';
import { HttpServiceConfig } from '../config/base-service-config';
import { ConfigModule } from '../config/config.module';
import { describeConfig } from '../config/load-config';
import { HealthModule } from '../health/health.module';
import { configureHttpApp, type HttpAppOptions } from '../http/configure-http-app';
import { answerClientErrors } from './client-errors';
import { LifecycleModule } from '../lifecycle/lifecycle.module';
import { ShutdownCoordinator } from '../lifecycle/shutdown-coordinator';
import { createLogger } from '../logging/create-logger';
import { LoggingModule } from '../logging/logging.module';
import { PinoNestLogger } from '../logging/pino-nest-logger';
import { enableSpanExport, shutdownSpanExport, spanExportEnabled } from '../tracing/spans';

export interface ServiceBootstrapOptions<C extends HttpServiceConfig = HttpServiceConfig> {
  service: ServiceName;
  config: C;
  module: Type | DynamicModule;
  http?: Pick<HttpAppOptions, 'globalPrefix' | 'bodyLimitBytes' | 'bodyLimitOverrides' | 'openApi'> & {
    /** Keep the raw request body on `req.rawBody` (HMAC-verified webhooks). */
    rawBody?: boolean;
  };
  /**
   * Runs right after the app is created, before the platform's HTTP conventions (body parsers,
   * filters) are applied: middleware mounted here sees the raw, unread request (a proxy).
   */
  beforeHttp?: (app: INestApplication) => void | Promise<void>;
  /**
   * Runs after the app is created and configured, before `init()` (so before onModuleInit and
   * onApplicationBootstrap start workers): tests and alternative entry points register things here.
   */
  beforeInit?: (app: INestApplication) => void | Promise<void>;
  /** Own SIGTERM/SIGINT through the ShutdownCoordinator. Default true; in-process tests pass false. */
  handleSignals?: boolean;
  /** Defaults to a stdout JSON logger at `config.LOG_LEVEL`. */
  logger?: Logger;
}

export interface ServiceApp {
  app: INestApplication;
  /** Base URL of the bound address, e.g. `http://127.0.0.1:41234`. */
  url: string;
}

/**
 * The platform modules every service stands on: config, logger, lifecycle and health, all global.
 * Exported for tests that build a Nest context from a service's modules without an HTTP server.
 */
export function platformModules(options: {
  service: ServiceName;
  config: HttpServiceConfig;
  logger?: Logger;
}): (Type | DynamicModule)[] {
  const logger =
    options.logger ?? createLogger({ service: options.service, level: options.config.LOG_LEVEL });
  return [
    ConfigModule.forRoot(options.config),
    LoggingModule.forRoot(logger),
    LifecycleModule,
    HealthModule.forRoot({ service: options.service }),
  ];
}

/** The app's module under the platform modules. */
function rootModule(options: ServiceBootstrapOptions, logger: Logger): DynamicModule {
  @Module({})
  class ServiceRootModule {}
  return {
    module: ServiceRootModule,
    imports: [
      ...platformModules({ service: options.service, config: options.config, logger }),
      options.module,
    ],
  };
}

function urlOf(app: INestApplication): string {
  const address = (app.getHttpServer() as { address(): AddressInfo | string | null }).address();
  if (address === null || typeof address === 'string') throw new Error('the HTTP server is not listening');
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Creates, configures and starts a service: pino logger (Nest's logs too), HTTP conventions,
 * health, graceful shutdown; listens on HOST:PORT (PORT 0, allowed under NODE_ENV=test, takes an
 * ephemeral port) and returns the app with its bound URL. Tests boot apps in-process with it.
 */
export async function createServiceApp<C extends HttpServiceConfig>(
  options: ServiceBootstrapOptions<C>,
): Promise<ServiceApp> {
  const { config, service } = options;
  const logger = options.logger ?? createLogger({ service, level: config.LOG_LEVEL });
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) await enableSpanExport(service, config.OTEL_EXPORTER_OTLP_ENDPOINT);
  const app = await NestFactory.create<NestExpressApplication>(rootModule(options, logger), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
    rawBody: options.http?.rawBody ?? false,
  });
  await options.beforeHttp?.(app);
  configureHttpApp(app, {
    ...options.http,
    nodeEnv: config.NODE_ENV,
    logger,
    shutdownHooks: false,
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
  });
  answerClientErrors(app.getHttpServer());
  const coordinator = app.get(ShutdownCoordinator);
  if (options.handleSignals ?? true) {
    coordinator.install(app, { timeoutMs: config.SHUTDOWN_TIMEOUT_MS, logger });
  }
  // Last, so the spans of the drain are flushed too.
  if (spanExportEnabled()) coordinator.onShutdown('span-export', () => shutdownSpanExport(), 1_000);
  try {
    await options.beforeInit?.(app);
    await app.init();
    await app.listen(config.PORT, config.HOST);
  } catch (error: unknown) {
    coordinator.uninstall();
    await app.close().catch(() => undefined);
    throw error;
  }
  const url = urlOf(app);
  const port = Number(new URL(url).port);
  logger.info({ host: config.HOST, port, config: describeConfig(config) }, 'service started');
  return { app, url };
}

/** `main.ts` of every app: `await bootstrapService({ service, config: loadConfigOrExit(...), module })`. */
export async function bootstrapService<C extends HttpServiceConfig>(
  options: ServiceBootstrapOptions<C>,
): Promise<INestApplication> {
  const { app } = await createServiceApp(options);
  return app;
}

/**
 * The entry point of every app's `main.ts`: starts the service, and if it cannot start (a
 * dependency unreachable at boot, a port taken) writes one JSON fatal line and exits non-zero,
 * so an orchestrator restarts it instead of it lingering half-started.
 */
export function startServiceOrExit<C extends HttpServiceConfig>(options: ServiceBootstrapOptions<C>): void {
  bootstrapService(options).catch((error: unknown) => {
    const logger =
      options.logger ?? createLogger({ service: options.service, level: options.config.LOG_LEVEL });
    logger.fatal({ err: error }, 'service failed to start');
    logger.flush?.();
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
  });
}
