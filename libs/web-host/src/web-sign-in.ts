import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import {
  AUTH_MODES_PATH,
  OidcSignIn,
  type SignInLogger,
  type SignInModes,
  mergeSessionCookies,
} from './oidc/oidc-sign-in';
import type { OidcSignInConfig } from './oidc/oidc-sign-in.config';
import { sendSignInErrorPage } from './oidc/sign-in-error-page';

/** What the web host mounts for sign-in, whether or not an identity provider is configured. */
export interface WebSignIn {
  /** `GET /auth/modes` and the `/auth/oidc/*` endpoints; mounted before the app's pages. */
  readonly routes: (req: Request, res: Response, next: NextFunction) => void;
  /** Before the `/api` proxy: the signed-in browser's bearer token. */
  readonly attachBearer: (req: Request, res: Response, next: NextFunction) => void;
  /** The proxy's `proxyRes` hook: keeps a refreshed session's cookies next to the gateway's. */
  readonly onProxyResponse: (proxyRes: IncomingMessage, res: Response) => void;
  readonly modes: SignInModes;
}

/** Sign-in as `config` sets it: identity-provider sign-in when `OIDC_ISSUER` is set, email codes when on. */
export function createWebSignIn(config: OidcSignInConfig, logger: SignInLogger): WebSignIn {
  const oidc = OidcSignIn.fromConfig(config, logger);
  const modes: SignInModes = oidc?.modes() ?? { email_otp: config.AUTH_EMAIL_OTP, oidc: null };
  return {
    modes,
    routes: (req, res, next) => {
      if (req.path === AUTH_MODES_PATH && req.method === 'GET') {
        res.setHeader('Cache-Control', 'no-store');
        res.json(modes);
        return;
      }
      if (oidc) return oidc.routes(req, res, next);
      if (req.path.startsWith('/auth/oidc/')) {
        sendSignInErrorPage(
          res,
          404,
          'Not available',
          'Sign-in with an identity provider is not configured here.',
        );
        return;
      }
      next();
    },
    attachBearer: (req, res, next) => (oidc ? oidc.attachBearer(req, res, next) : next()),
    onProxyResponse: (proxyRes, res) => {
      if (oidc) mergeSessionCookies(proxyRes, res);
    },
  };
}
