import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { ServiceName } from '@dq/contracts';
import { type ServiceBootstrapOptions, requestIdOf } from '@dq/platform';
import { createWebSignIn } from '@dq/web-host';
import { createApiProxy, createMcpProxy, isApiPath } from './api-proxy';
import { NOT_BUILT_MESSAGE, createWebAppHandler } from './web-app-assets';
import type { WebConfig } from './web.config';
import { WebModule } from './web.module';

/**
 * Mounts sign-in (`/auth/*`), the `/api` proxy and the `/mcp` proxy ahead of the platform's body parsers (bootstrap's
 * `beforeHttp`), so a proxied request body is still an unread stream when the proxy forwards it.
 * A browser signed in at the identity provider has its access token added to its proxied calls.
 */
export function mountApiProxy(app: NestExpressApplication, config: WebConfig): void {
  const signIn = createWebSignIn(config, new Logger('SignIn'));
  app.use(signIn.routes);
  app.use((req: Request, res: Response, next: NextFunction) =>
    isApiPath(req.path) ? signIn.attachBearer(req, res, next) : next(),
  );
  app.use(
    createApiProxy({
      target: config.API_GATEWAY_URL,
      timeoutMs: config.API_PROXY_TIMEOUT_MS,
      logger: new Logger('ApiProxy'),
      requestId: (res: Response) => requestIdOf(res),
      onProxyResponse: (proxyRes, res) => signIn.onProxyResponse(proxyRes, res),
    }),
  );
  app.use(
    createMcpProxy({
      target: config.MCP_GATEWAY_URL,
      logger: new Logger('McpProxy'),
      requestId: (res: Response) => requestIdOf(res),
    }),
  );
}

/** Serves the built browser app on a created (not yet initialized) app; see web-app-assets.ts. */
export function serveWebApp(app: NestExpressApplication, config: WebConfig): void {
  const root = resolve(config.WEB_APP_DIR);
  if (!existsSync(join(root, 'index.html'))) {
    new Logger('WebApp').warn(`No built web app in ${root}: ${NOT_BUILT_MESSAGE}`);
  }
  app.use(createWebAppHandler(root));
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
    beforeInit: (app) => serveWebApp(app as NestExpressApplication, config),
    ...overrides,
  };
}
