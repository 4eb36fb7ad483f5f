import { NotFoundException, type Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import express, { type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { NodeEnv } from '../config/base-service-config';
import { createLogger } from '../logging/create-logger';
import {
  reenterRequestContextMiddleware,
  requestContextMiddleware,
} from '../logging/request-context.middleware';
import { metricsEndpointMiddleware } from '../metrics/metrics-endpoint';
import {
  buildOpenApiDocument,
  type OpenApiBodyVariants,
  type OpenApiFieldSchemas,
  type OpenApiRouteFacts,
  type RouteHandler,
} from '../openapi/openapi-document';
import { refuseHostileBodyMiddleware, refuseHostileUrlMiddleware, jsonBodyVerifier } from './hostile-input';
import { HttpErrorEnvelopeFilter } from './http-error-envelope.filter';
import { createValidationPipe } from './validation-errors';

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Probe routes stay at the root whatever the API prefix, so orchestrators find them alike everywhere. */
export const UNPREFIXED_ROUTES = ['healthz', 'readyz'] as const;

export interface HttpAppOptions {
  /** e.g. `api/v1`; `/healthz` and `/readyz` stay unprefixed. */
  globalPrefix?: string;
  /** JSON and form body limit; over it the answer is 413 `payload_too_large`. Default 1 MiB. */
  bodyLimitBytes?: number;
  /** Larger (or smaller) limits for exact paths, e.g. `{ path: '/api/v1/suites/import', limitBytes: 10485760 }`. */
  bodyLimitOverrides?: readonly { path: string; limitBytes: number }[];
  openApi?: HttpOpenApiOptions | false;
  nodeEnv: NodeEnv;
  /** Where unexpected errors and request lines go. */
  logger?: Logger;
  /**
   * Let Nest close the app on SIGTERM/SIGINT (`enableShutdownHooks`). Default true; bootstrapService
   * passes false because its ShutdownCoordinator owns the signals and drains before closing.
   */
  shutdownHooks?: boolean;
  /** Keep a JSON body's raw bytes on `req.rawBody` too (the app was created with `rawBody: true`). */
  rawBody?: boolean;
  /** When set, `GET /metrics` needs it as a bearer token; otherwise the endpoint is open. */
  metricsToken?: string;
}

export interface HttpOpenApiOptions {
  title: string;
  /** The OpenAPI 3.1 document as JSON, served in every environment without a credential. */
  documentPath: string;
  /** The interactive docs page, served only outside production (there it is an unknown route). */
  docsPath: string;
  /** What the guards add to each route (security, their errors); see `buildOpenApiDocument`. */
  routeFacts?: (targets: [RouteHandler, Type]) => OpenApiRouteFacts;
  /** Request DTOs checked per variant by the service; see `OpenApiBodyVariants`. */
  variants?: readonly OpenApiBodyVariants[];
  /** Field schemas from a truer source than the DTO's decorators; see `OpenApiFieldSchemas`. */
  fieldSchemas?: readonly OpenApiFieldSchemas[];
}

type RequestHandle = (req: Request, res: Response, done?: (error?: unknown) => void) => void;

/**
 * With a global prefix, Nest answers unknown paths only under the prefix (and on excluded routes);
 * anything else would fall through to Express's HTML 404. Express's own final handler is replaced
 * so those get the envelope too.
 */
function answerUnmatchedPathsWithEnvelope(
  app: NestExpressApplication,
  filter: HttpErrorEnvelopeFilter,
): void {
  const instance = app.getHttpAdapter().getInstance() as unknown as { handle: RequestHandle };
  const handle = instance.handle.bind(instance);
  instance.handle = (req, res, done) =>
    handle(
      req,
      res,
      done ??
        ((error?: unknown) =>
          filter.respond(
            error ?? new NotFoundException(`Cannot ${req.method} ${req.originalUrl}`),
            req,
            res,
          )),
    );
}

/**
 * Makes a Nest Express app a well-behaved service over HTTP. Call it after creating the app with
 * `bodyParser: false` and before `init()`/`listen()`: the order of the middleware matters.
 */
export function configureHttpApp(
  app: NestExpressApplication,
  options: HttpAppOptions,
): NestExpressApplication {
  const logger = options.logger ?? createLogger({ service: 'http', level: 'info' });
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const verify = jsonBodyVerifier({ keepRawBody: options.rawBody ?? false });

  app.disable('x-powered-by');
  // No ETag on API answers: Express hashes every body for one (a 50-run page on every list cost
  // about a tenth of one gateway's list capacity), and the data changes too often for a 304.
  app.set('etag', false);
  app.set('trust proxy', 'loopback');

  // Scrapes are answered first: no log line each, and no guard or API rate limit applies.
  app.use(metricsEndpointMiddleware(options.metricsToken));
  app.use(requestContextMiddleware(logger));
  // Hostile input is refused here, once for every route and before authentication: a URL that
  // does not decode to storable text, a JSON body too deep or not UTF-8 (on the raw bytes, before
  // parsing), and a body holding a NUL or a lone surrogate (see docs/foundation.md).
  app.use(refuseHostileUrlMiddleware());
  for (const override of options.bodyLimitOverrides ?? []) {
    // A parser that has read the body marks the request finished, so the global ones below skip it.
    app.use(override.path, express.json({ limit: override.limitBytes, verify }));
  }
  // Mounted directly rather than through useBodyParser, whose rawBody option would replace `verify`.
  app.use(express.json({ limit, verify }));
  app.useBodyParser('urlencoded', { limit, extended: false });
  app.use(refuseHostileBodyMiddleware());
  app.use(reenterRequestContextMiddleware());

  if (options.globalPrefix) app.setGlobalPrefix(options.globalPrefix, { exclude: [...UNPREFIXED_ROUTES] });
  app.useGlobalPipes(createValidationPipe());
  const filter = new HttpErrorEnvelopeFilter(logger);
  app.useGlobalFilters(filter);
  answerUnmatchedPathsWithEnvelope(app, filter);
  if (options.shutdownHooks ?? true) app.enableShutdownHooks();

  if (options.openApi) {
    const { title, documentPath, docsPath, routeFacts, variants, fieldSchemas } = options.openApi;
    const document = buildOpenApiDocument(app, {
      title,
      ...(options.globalPrefix ? { globalPrefix: options.globalPrefix } : {}),
      ...(routeFacts ? { routeFacts } : {}),
      ...(variants ? { variants } : {}),
      ...(fieldSchemas ? { fieldSchemas } : {}),
    });
    const json = JSON.stringify(document);
    // Plain middleware, ahead of Nest's routes: no guard, so no credential and no rate limit.
    app.use(`/${documentPath}`, (req: Request, res: Response, next: () => void) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      res.type('application/json').send(json);
    });
    if (options.nodeEnv !== 'production') {
      SwaggerModule.setup(docsPath, app, document as never);
    }
  }
  return app;
}
