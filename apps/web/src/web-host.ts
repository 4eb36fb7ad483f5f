import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Response } from 'express';
import { ServiceName } from '@dq/contracts';
import { type ServiceBootstrapOptions, requestIdOf } from '@dq/platform';
import { createApiProxy } from './api-proxy';
import type { WebConfig } from './web.config';
import { WebModule } from './web.module';

/** The static page; the build copies it next to the compiled files (see project.json). */
export const PUBLIC_DIR = join(__dirname, 'public');

const STATIC_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  // Revalidate on every visit (cheap with the ETag) so a deploy shows at once.
  'Cache-Control': 'no-cache',
};

/**
 * Mounts the `/api` proxy ahead of the platform's body parsers (bootstrap's `beforeHttp`), so a
 * proxied request body is still an unread stream when the proxy forwards it.
 */
export function mountApiProxy(app: NestExpressApplication, config: WebConfig): void {
  app.use(
    createApiProxy({
      target: config.API_GATEWAY_URL,
      timeoutMs: config.API_PROXY_TIMEOUT_MS,
      logger: new Logger('ApiProxy'),
      requestId: (res: Response) => requestIdOf(res),
    }),
  );
}

/** Serves the static page on a created (not yet initialized) app. */
export function serveWebPage(app: NestExpressApplication): void {
  app.useStaticAssets(PUBLIC_DIR, {
    index: 'index.html',
    redirect: false,
    setHeaders: (res: ServerResponse) => {
      for (const [name, value] of Object.entries(STATIC_HEADERS)) res.setHeader(name, value);
    },
  });
}

/** How the web host boots: `main.ts` and the e2e test start it the same way. */
export function webServiceOptions(
  config: WebConfig,
  overrides: Partial<ServiceBootstrapOptions<WebConfig>> = {},
): ServiceBootstrapOptions<WebConfig> {
  return {
    service: ServiceName.Web,
    config,
    module: WebModule,
    beforeHttp: (app) => mountApiProxy(app as NestExpressApplication, config),
    beforeInit: (app) => serveWebPage(app as NestExpressApplication),
    ...overrides,
  };
}
