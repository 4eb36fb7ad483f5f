import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import {
  OidcRelyingParty,
  type RelyingPartySettings,
  type SignInFlow,
  SignInFailure,
  type SignedInSession,
} from './oidc-relying-party';
import { OIDC_CALLBACK_PATH, type OidcSignInConfig, redirectUriOf } from './oidc-sign-in.config';
import {
  CookieSealer,
  cookiesOf,
  readChunked,
  serializeCookie,
  withoutCookies,
  writeChunked,
} from './sealed-cookie';
import { sendSignInErrorPage } from './sign-in-error-page';

export const AUTH_MODES_PATH = '/auth/modes';
export const OIDC_LOGIN_PATH = '/auth/oidc/login';
export const OIDC_LOGOUT_PATH = '/auth/oidc/logout';
export const FLOW_COOKIE = 'dq_oidc_flow';
export const SESSION_COOKIE = 'dq_oidc_session';
/** The flow cookie lives only on the callback path, for as long as a person may take at the provider. */
const FLOW_COOKIE_PATH = OIDC_CALLBACK_PATH;
const FLOW_TTL_SECONDS = 600;
/** An access token this close to its expiry is refreshed before it is sent. */
const REFRESH_AHEAD_SECONDS = 30;
/** A refresh's result is reused this long for the same refresh token (parallel calls of one page). */
const REFRESH_REUSE_MS = 60_000;
const LOCALS_COOKIES = 'oidcSetCookies';

/** What `GET /auth/modes` answers: the sign-in page offers what is on. */
export interface SignInModes {
  email_otp: boolean;
  oidc: { provider_name: string; login_path: string } | null;
}

interface SealedSession extends SignedInSession {
  /** When this browser signed in at the provider (seconds); the session ends OIDC_SESSION_MAX_HOURS later. */
  signedInAt: number;
}

export interface SignInLogger {
  warn(message: string): void;
}

/**
 * Identity-provider sign-in on the web host (backend for frontend): `/auth/oidc/login` sends the
 * browser to the provider with state, nonce and a PKCE challenge kept in a sealed short-lived
 * cookie; `/auth/oidc/callback` exchanges the code and keeps the tokens in a sealed HttpOnly
 * cookie; the `/api` proxy then sends the access token as the bearer (refreshed when the provider
 * offered a refresh token). The browser's scripts never see a token.
 */
export class OidcSignIn {
  private readonly refreshes = new Map<string, { at: number; result: Promise<SealedSession> }>();

  constructor(
    private readonly relyingParty: OidcRelyingParty,
    private readonly sealer: CookieSealer,
    private readonly options: { providerName: string; sessionMaxSeconds: number; emailOtp: boolean },
    private readonly logger: SignInLogger,
  ) {}

  /** The sign-in of `config`, or undefined when `OIDC_ISSUER` is not set. */
  static fromConfig(config: OidcSignInConfig, logger: SignInLogger): OidcSignIn | undefined {
    const redirectUri = redirectUriOf(config);
    if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_COOKIE_SECRET || !redirectUri) {
      return undefined;
    }
    const settings: RelyingPartySettings = {
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      ...(config.OIDC_CLIENT_SECRET ? { clientSecret: config.OIDC_CLIENT_SECRET } : {}),
      redirectUri,
      postLogoutRedirectUri: new URL('/sign-in', redirectUri).toString(),
      scopes: config.OIDC_SCOPES,
      allowHttp: config.NODE_ENV !== 'production',
    };
    return new OidcSignIn(
      new OidcRelyingParty(settings),
      CookieSealer.fromSecret(config.OIDC_COOKIE_SECRET),
      {
        providerName: config.OIDC_PROVIDER_NAME,
        sessionMaxSeconds: config.OIDC_SESSION_MAX_HOURS * 3600,
        emailOtp: config.AUTH_EMAIL_OTP,
      },
      logger,
    );
  }

  /** The `/auth/oidc/*` endpoints; anything else goes on. */
  readonly routes = (req: Request, res: Response, next: NextFunction): void => {
    const answer = (): Promise<void> | undefined => {
      if (req.path === OIDC_LOGIN_PATH && req.method === 'GET') return this.login(req, res);
      if (req.path === OIDC_CALLBACK_PATH && req.method === 'GET') return this.callback(req, res);
      if (req.path === OIDC_LOGOUT_PATH && req.method === 'POST') return this.logout(req, res);
      return undefined;
    };
    const pending = answer();
    if (!pending) return next();
    pending.catch((error: unknown) => {
      this.logger.warn(`sign-in endpoint ${req.path} failed: ${describe(error)}`);
      if (!res.headersSent) {
        sendSignInErrorPage(
          res,
          502,
          'Sign-in failed',
          'Signing in did not work this time. Please try again.',
        );
      } else {
        res.end();
      }
    });
  };

  /**
   * For a proxied `/api` call: the browser's access token as `Authorization: Bearer` (refreshed
   * first when it is about to expire and a refresh token is at hand). The sign-in cookies are not
   * forwarded to the gateway.
   */
  readonly attachBearer = (req: Request, res: Response, next: NextFunction): void => {
    const cookies = cookiesOf(req);
    const sealed = readChunked(cookies, SESSION_COOKIE);
    const forwarded = withoutCookies(req.headers.cookie, [SESSION_COOKIE, FLOW_COOKIE]);
    if (forwarded === undefined) delete req.headers.cookie;
    else req.headers.cookie = forwarded;
    if (!sealed) return next();
    this.currentSession(sealed, cookies, res)
      .then((session) => {
        if (session) req.headers.authorization = `Bearer ${session.accessToken}`;
        next();
      })
      .catch((error: unknown) => {
        this.logger.warn(`sign-in session could not be used: ${describe(error)}`);
        next();
      });
  };

  /** What `/auth/modes` says. */
  modes(): SignInModes {
    return {
      email_otp: this.options.emailOtp,
      oidc: { provider_name: this.options.providerName, login_path: OIDC_LOGIN_PATH },
    };
  }

  private async login(req: Request, res: Response): Promise<void> {
    const returnTo = safeReturnPath(req.query['return_to']);
    let started: Awaited<ReturnType<OidcRelyingParty['startSignIn']>>;
    try {
      started = await this.relyingParty.startSignIn(returnTo);
    } catch (error) {
      this.logger.warn(`identity provider discovery failed: ${describe(error)}`);
      sendSignInErrorPage(
        res,
        502,
        'Identity provider unavailable',
        'The identity provider can not be reached right now. Please try again in a moment.',
      );
      return;
    }
    const sealed = await this.sealer.seal('oidc-flow', { ...started.flow }, FLOW_TTL_SECONDS);
    res.setHeader(
      'Set-Cookie',
      serializeCookie(FLOW_COOKIE, sealed, { path: FLOW_COOKIE_PATH, maxAge: FLOW_TTL_SECONDS }),
    );
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, started.authorizationUrl);
  }

  private async callback(req: Request, res: Response): Promise<void> {
    const cookies = cookiesOf(req);
    // The flow is spent whatever happens next.
    const clearFlow = serializeCookie(FLOW_COOKIE, '', { path: FLOW_COOKIE_PATH, maxAge: 0 });
    res.setHeader('Set-Cookie', clearFlow);
    res.setHeader('Cache-Control', 'no-store');
    const flow = await this.sealer.open<SignInFlow>('oidc-flow', cookies.get(FLOW_COOKIE));
    const state = typeof req.query['state'] === 'string' ? req.query['state'] : undefined;
    if (!flow || !state || state !== flow.state) {
      this.logger.warn(
        `sign-in callback refused: ${flow ? 'state does not match' : 'no sign-in in progress'}`,
      );
      sendSignInErrorPage(
        res,
        400,
        'Sign-in link not valid',
        'This sign-in attempt is not valid or has expired (it may have been started in another browser or tab). Start again from the sign-in page.',
      );
      return;
    }
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    let session: SignedInSession;
    try {
      session = await this.relyingParty.finishSignIn(query, flow);
    } catch (error) {
      const failure = error instanceof SignInFailure ? error : new SignInFailure('invalid', describe(error));
      this.logger.warn(`sign-in callback refused: ${failure.kind}: ${failure.detail}`);
      if (failure.kind === 'refused') {
        sendSignInErrorPage(res, 400, 'Sign-in refused', 'The identity provider did not sign you in.');
      } else if (failure.kind === 'unreachable') {
        sendSignInErrorPage(
          res,
          502,
          'Identity provider unavailable',
          'The identity provider can not be reached right now. Please try again in a moment.',
        );
      } else {
        sendSignInErrorPage(
          res,
          400,
          'Sign-in could not be completed',
          "The identity provider's answer could not be verified. Start again from the sign-in page.",
        );
      }
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    res.setHeader('Set-Cookie', [
      clearFlow,
      ...(await this.sessionCookies(cookies, { ...session, signedInAt: now })),
    ]);
    res.redirect(303, flow.returnTo);
  }

  private async logout(req: Request, res: Response): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    // Another site may not sign this browser out.
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      res
        .status(403)
        .json({ error: { code: 'forbidden', message: 'Cross-site sign-out refused', detail: {} } });
      return;
    }
    const cookies = cookiesOf(req);
    const session = await this.sealer.open<SealedSession>(
      'oidc-session',
      readChunked(cookies, SESSION_COOKIE),
    );
    res.setHeader('Set-Cookie', writeChunked(cookies, SESSION_COOKIE, undefined, { path: '/', maxAge: 0 }));
    let redirectTo: string | undefined;
    if (session) {
      try {
        redirectTo = await this.relyingParty.endSessionUrl(session);
      } catch (error) {
        this.logger.warn(`provider logout address unknown: ${describe(error)}`);
      }
    }
    res.status(200).json({ redirect_to: redirectTo ?? null });
  }

  /** The session of this browser, refreshed when due; undefined (and its cookies deleted) when gone. */
  private async currentSession(
    sealed: string,
    cookies: Map<string, string>,
    res: Response,
  ): Promise<SealedSession | undefined> {
    const session = await this.sealer.open<SealedSession>('oidc-session', sealed);
    if (!session) {
      this.queueCookies(res, writeChunked(cookies, SESSION_COOKIE, undefined, { path: '/', maxAge: 0 }));
      return undefined;
    }
    const now = Math.floor(Date.now() / 1000);
    const due =
      session.accessTokenExpiresAt !== undefined &&
      session.accessTokenExpiresAt - REFRESH_AHEAD_SECONDS <= now;
    if (!due || !session.refreshToken) return session;
    try {
      const refreshed = await this.refreshOnce(session);
      this.queueCookies(res, await this.sessionCookies(cookies, refreshed));
      return refreshed;
    } catch (error) {
      // The provider said no (or is away): the old token goes on and the gateway judges it.
      this.logger.warn(`access token refresh failed: ${describe(error)}`);
      if (error instanceof SignInFailure && error.kind === 'invalid') {
        this.queueCookies(res, writeChunked(cookies, SESSION_COOKIE, undefined, { path: '/', maxAge: 0 }));
      }
      return session;
    }
  }

  /** One refresh per refresh token at a time; the calls of one page arriving together share it. */
  private refreshOnce(session: SealedSession): Promise<SealedSession> {
    const now = Date.now();
    for (const [key, entry] of this.refreshes)
      if (now - entry.at > REFRESH_REUSE_MS) this.refreshes.delete(key);
    const key = createHash('sha256')
      .update(session.refreshToken ?? '')
      .digest('base64url');
    const known = this.refreshes.get(key);
    if (known) return known.result;
    const result = this.relyingParty
      .refresh(session)
      .then((next): SealedSession => ({ ...next, signedInAt: session.signedInAt }));
    this.refreshes.set(key, { at: now, result });
    result.catch(() => this.refreshes.delete(key));
    return result;
  }

  private async sessionCookies(cookies: Map<string, string>, session: SealedSession): Promise<string[]> {
    const remaining = session.signedInAt + this.options.sessionMaxSeconds - Math.floor(Date.now() / 1000);
    if (remaining <= 0) return writeChunked(cookies, SESSION_COOKIE, undefined, { path: '/', maxAge: 0 });
    const sealed = await this.sealer.seal('oidc-session', { ...session }, remaining);
    return writeChunked(cookies, SESSION_COOKIE, sealed, { path: '/', maxAge: remaining });
  }

  /** Set now (kept if the proxy fails) and merged into the gateway's own Set-Cookie by `mergeSessionCookies`. */
  private queueCookies(res: Response, cookies: string[]): void {
    if (cookies.length === 0) return;
    const locals = res.locals as Record<string, unknown>;
    locals[LOCALS_COOKIES] = cookies;
    res.setHeader('Set-Cookie', cookies);
  }
}

/**
 * For the proxy's `proxyRes` hook: the proxy copies the gateway's `Set-Cookie` over the one set
 * before, so a refreshed session's cookies are added to the gateway's.
 */
export function mergeSessionCookies(proxyRes: IncomingMessage, res: Response): void {
  const queued = (res.locals as Record<string, unknown>)[LOCALS_COOKIES] as string[] | undefined;
  const upstream = proxyRes.headers['set-cookie'];
  if (queued && upstream) proxyRes.headers['set-cookie'] = [...upstream, ...queued];
}

/** A path on this host to return to after sign-in; anything else (another origin included) becomes `/`. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (value.startsWith('/auth/') || value.startsWith('/sign-in')) return '/';
  return /^[\x21-\x7e]*$/.test(value) ? value : '/';
}

/** An error's name and code: provider messages and tokens stay out of the logs. */
function describe(error: unknown): string {
  if (error instanceof SignInFailure) return `${error.kind}: ${error.detail}`;
  const name = error instanceof Error ? error.name : typeof error;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? `${name} ${code}` : name;
}
