import { createHash, randomBytes } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { type CryptoKey, type JWK, type JWTPayload, SignJWT, exportJWK, generateKeyPair } from 'jose';

export interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/** A relying party the provider knows: no secret means a public client (PKCE only). */
export interface RegisteredClient {
  clientId: string;
  clientSecret?: string;
  redirectUris: string[];
}

/** What the provider's sign-in page was asked for, kept until the person submits the form. */
interface PendingAuthorization {
  client: RegisteredClient;
  redirectUri: string;
  state?: string;
  nonce?: string;
  codeChallenge: string;
}

interface IssuedCode extends PendingAuthorization {
  email: string;
  name: string;
  expiresAt: number;
}

interface RefreshGrant {
  clientId: string;
  email: string;
  name: string;
}

/** The authorization endpoint's sign-in page: the test fills in who signs in. */
const SIGN_IN_PAGE = (requestId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loopback identity provider</title></head>
<body><main><h1>Loopback identity provider</h1>
<form method="post" action="/authorize/complete">
<input type="hidden" name="request" value="${requestId}">
<label>Email <input name="email" type="email" value="ada@example.test"></label>
<label>Name <input name="name" value="Ada"></label>
<button type="submit">Continue</button>
</form></main></body></html>`;

/**
 * A real OpenID provider surface on loopback for the tests: discovery and a JWKS over node:http,
 * keys from jose, and the ability to rotate keys. It counts key-set fetches so tests see refetches.
 * For relying parties it also runs the authorization code flow with PKCE (S256 only): an
 * authorization endpoint with a sign-in form, a token endpoint (code and refresh grants) and an
 * end-session endpoint. Access tokens are JWTs for the gateway's audience.
 */
export class LoopbackIdentityProvider {
  issuer = '';
  jwksFetches = 0;
  discoveryFetches = 0;
  /** Token endpoint calls by grant, and end-session visits. */
  codeGrants = 0;
  refreshGrants = 0;
  endSessions = 0;
  /** Seconds an issued access token lives (`exp` and `expires_in`); negative issues one already expired. */
  accessTokenTtlSeconds = 3600;
  /** Whether the token endpoint offers a refresh token. */
  issueRefreshTokens = true;
  /** Audience of issued access tokens. */
  accessTokenAudience = 'dq-api';
  private server?: Server;
  private published: SigningKey[] = [];
  private keyCounter = 0;
  private readonly clients = new Map<string, RegisteredClient>();
  private readonly pending = new Map<string, PendingAuthorization>();
  private readonly codes = new Map<string, IssuedCode>();
  private readonly refreshTokens = new Map<string, RefreshGrant>();

  static async start(): Promise<LoopbackIdentityProvider> {
    const provider = new LoopbackIdentityProvider();
    await provider.listen();
    await provider.rotate();
    return provider;
  }

  /** The key tokens are signed with by default (the newest published). */
  get currentKey(): SigningKey {
    return this.published[this.published.length - 1];
  }

  /** Replaces the published keys with a fresh one (`alg` RS256 unless told). */
  async rotate(alg: 'RS256' | 'ES256' = 'RS256'): Promise<SigningKey> {
    const key = await this.newKey(alg);
    this.published = [key];
    return key;
  }

  /** Adds a key to the published set without removing the others. */
  async publish(alg: 'RS256' | 'ES256'): Promise<SigningKey> {
    const key = await this.newKey(alg);
    this.published.push(key);
    return key;
  }

  /** A key that was never published (same shape as a real one). */
  async unpublishedKey(alg: 'RS256' | 'ES256' = 'RS256'): Promise<SigningKey> {
    return this.newKey(alg);
  }

  /** Signs `claims` with sensible defaults (iss, aud, sub, email, iat, exp in an hour). */
  async sign(
    claims: JWTPayload = {},
    options: {
      key?: SigningKey;
      issuer?: string;
      audience?: string;
      expiresAt?: number;
      notBefore?: number;
      /** `sub`; the provider's stable user id. Default `subject-ada`. */
      subject?: string;
    } = {},
  ): Promise<string> {
    const key = options.key ?? this.currentKey;
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ email: 'ada@example.test', name: 'Ada', ...claims })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(options.issuer ?? this.issuer)
      .setAudience(options.audience ?? 'dq-api')
      .setSubject(options.subject ?? 'subject-ada')
      .setIssuedAt(now)
      .setExpirationTime(options.expiresAt ?? now + 3600);
    if (options.notBefore !== undefined) jwt.setNotBefore(options.notBefore);
    return jwt.sign(key.privateKey);
  }

  /** Lets a relying party use the authorization code flow. */
  registerClient(client: RegisteredClient): void {
    this.clients.set(client.clientId, client);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.server?.close((error) => (error ? reject(error) : resolve())),
    );
  }

  private async newKey(alg: 'RS256' | 'ES256'): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    const kid = `key-${++this.keyCounter}`;
    return {
      kid,
      alg,
      privateKey,
      publicKey,
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' },
    };
  }

  private async listen(): Promise<void> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.issuer);
    const json = (body: unknown, status = 200) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname.endsWith('/.well-known/openid-configuration')) {
      this.discoveryFetches += 1;
      json({
        issuer: this.issuer,
        jwks_uri: `${this.issuer}/jwks.json`,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        end_session_endpoint: `${this.issuer}/end-session`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256', 'ES256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        scopes_supported: ['openid', 'email', 'profile', 'offline_access'],
      });
    } else if (url.pathname === '/jwks.json') {
      this.jwksFetches += 1;
      json({ keys: this.published.map((key) => key.publicJwk) });
    } else if (url.pathname === '/authorize' && request.method === 'GET') {
      this.authorize(url, response);
    } else if (url.pathname === '/authorize/complete' && request.method === 'POST') {
      this.completeAuthorization(new URLSearchParams(await bodyOf(request)), response);
    } else if (url.pathname === '/token' && request.method === 'POST') {
      const { status, body } = await this.token(request, new URLSearchParams(await bodyOf(request)));
      json(body, status);
    } else if (url.pathname === '/end-session' && request.method === 'GET') {
      this.endSessions += 1;
      const target = url.searchParams.get('post_logout_redirect_uri');
      if (target) {
        const back = new URL(target);
        const state = url.searchParams.get('state');
        if (state) back.searchParams.set('state', state);
        response.writeHead(303, { location: back.toString() }).end();
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('signed out');
      }
    } else {
      response.writeHead(404).end();
    }
  }

  /** The authorization endpoint: checks the request like a provider would, then shows its form. */
  private authorize(url: URL, response: ServerResponse): void {
    const param = (name: string) => url.searchParams.get(name) ?? undefined;
    const client = this.clients.get(param('client_id') ?? '');
    const redirectUri = param('redirect_uri');
    if (!client || !redirectUri || !client.redirectUris.includes(redirectUri)) {
      // Never redirect to an unregistered address.
      response.writeHead(400, { 'content-type': 'text/plain' }).end('unknown client or redirect_uri');
      return;
    }
    const refuse = (error: string) => {
      const back = new URL(redirectUri);
      back.searchParams.set('error', error);
      const state = param('state');
      if (state) back.searchParams.set('state', state);
      response.writeHead(303, { location: back.toString() }).end();
    };
    const challenge = param('code_challenge');
    if (param('response_type') !== 'code') return refuse('unsupported_response_type');
    if (!(param('scope') ?? '').split(' ').includes('openid')) return refuse('invalid_scope');
    if (!challenge || param('code_challenge_method') !== 'S256') return refuse('invalid_request');
    const requestId = randomBytes(16).toString('base64url');
    this.pending.set(requestId, {
      client,
      redirectUri,
      state: param('state'),
      nonce: param('nonce'),
      codeChallenge: challenge,
    });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN_PAGE(requestId));
  }

  private completeAuthorization(form: URLSearchParams, response: ServerResponse): void {
    const requestId = form.get('request') ?? '';
    const pending = this.pending.get(requestId);
    this.pending.delete(requestId);
    if (!pending) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('unknown sign-in request');
      return;
    }
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      ...pending,
      email: form.get('email') || 'ada@example.test',
      name: form.get('name') || 'Ada',
      expiresAt: Date.now() + 60_000,
    });
    const back = new URL(pending.redirectUri);
    back.searchParams.set('code', code);
    if (pending.state) back.searchParams.set('state', pending.state);
    back.searchParams.set('iss', this.issuer);
    response.writeHead(303, { location: back.toString() }).end();
  }

  /** The token endpoint: client authentication, then the code (with its PKCE verifier) or a refresh token. */
  private async token(
    request: IncomingMessage,
    form: URLSearchParams,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const error = (code: string, status = 400) => ({ status, body: { error: code } });
    const client = this.authenticateClient(request, form);
    if (!client) return error('invalid_client', 401);
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      // A code is good once, for the client and redirect it was issued to, with the matching verifier.
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (
        !code ||
        code.expiresAt < Date.now() ||
        code.client.clientId !== client.clientId ||
        code.redirectUri !== form.get('redirect_uri') ||
        createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge
      ) {
        return error('invalid_grant');
      }
      this.codeGrants += 1;
      return { status: 200, body: await this.tokens(client.clientId, code.email, code.name, code.nonce) };
    }
    if (grantType === 'refresh_token') {
      const token = form.get('refresh_token') ?? '';
      const grant = this.refreshTokens.get(token);
      this.refreshTokens.delete(token);
      if (!grant || grant.clientId !== client.clientId) return error('invalid_grant');
      this.refreshGrants += 1;
      return { status: 200, body: await this.tokens(client.clientId, grant.email, grant.name) };
    }
    return error('unsupported_grant_type');
  }

  private authenticateClient(request: IncomingMessage, form: URLSearchParams): RegisteredClient | undefined {
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    let clientId = form.get('client_id') ?? undefined;
    let secret = form.get('client_secret') ?? undefined;
    if (basic) {
      const [id, pass] = Buffer.from(basic[1], 'base64').toString().split(':');
      clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(pass ?? '');
    }
    const client = this.clients.get(clientId ?? '');
    if (!client) return undefined;
    if (client.clientSecret !== undefined && client.clientSecret !== secret) return undefined;
    return client;
  }

  private async tokens(
    clientId: string,
    email: string,
    name: string,
    nonce?: string,
  ): Promise<Record<string, unknown>> {
    const now = Math.floor(Date.now() / 1000);
    const subject = `subject-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`;
    const accessToken = await this.sign(
      { email, name },
      { audience: this.accessTokenAudience, subject, expiresAt: now + this.accessTokenTtlSeconds },
    );
    const idToken = await this.sign(
      { email, name, ...(nonce ? { nonce } : {}) },
      { audience: clientId, subject, expiresAt: now + 300 },
    );
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: Math.max(0, this.accessTokenTtlSeconds),
      id_token: idToken,
      scope: 'openid email profile',
    };
    if (this.issueRefreshTokens) {
      const refreshToken = randomBytes(24).toString('base64url');
      this.refreshTokens.set(refreshToken, { clientId, email, name });
      body['refresh_token'] = refreshToken;
    }
    return body;
  }
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
