import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { type ApiClient, createApiClient } from '@dq/api-client';
import { type WorkspaceRole } from '@dq/contracts';
import { createDataSource } from '@dq/db';
import { type AppProcess, startApp } from '../apps/app-process';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '../isolation/isolated-environment';
import { LoopbackIdentityProvider } from '../peers/loopback-identity-provider';
import { type SmtpCapture, codeOf, startSmtpCapture } from '../peers/smtp-capture';
import { waitFor } from '../wait/wait-for';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');

export const OIDC_AUDIENCE = 'dq-api';
export const LISTED_ADMIN = 'break-glass@example.test';
const CALL_TIMEOUT_MS = 30_000;

/**
 * An api-gateway process on an isolated database and namespace, with the peers sign-in needs: a
 * real SMTP server capturing mail and a real OpenID provider with JWKS, both on loopback.
 */
export class GatewayWorld {
  readonly gateways: AppProcess[] = [];
  readonly runners: AppProcess[] = [];

  private constructor(
    readonly env: IsolatedEnvironment,
    readonly smtp: SmtpCapture,
    readonly identityProvider: LoopbackIdentityProvider,
    readonly db: DataSource,
  ) {}

  static async create(label: string): Promise<GatewayWorld> {
    const env = await createIsolatedEnvironment(label);
    const [smtp, identityProvider] = await Promise.all([
      startSmtpCapture(),
      LoopbackIdentityProvider.start(),
    ]);
    const db = createDataSource({ url: env.databaseUrl, applicationName: 'gateway-e2e' });
    await db.initialize();
    return new GatewayWorld(env, smtp, identityProvider, db);
  }

  gatewayEnv(extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...this.env.env,
      SMTP_URL: this.smtp.url,
      OIDC_ISSUER: this.identityProvider.issuer,
      OIDC_AUDIENCE,
      WORKSPACE_ADMIN_EMAILS: LISTED_ADMIN,
      ...extra,
    };
  }

  async startGateway(extra: Record<string, string> = {}): Promise<AppProcess> {
    const gateway = await startApp('api-gateway', this.gatewayEnv(extra));
    this.gateways.push(gateway);
    return gateway;
  }

  /** An mcp-gateway on the same database, namespace and identity provider as the REST gateways. */
  async startMcpGateway(extra: Record<string, string> = {}): Promise<AppProcess> {
    const gateway = await startApp('mcp-gateway', this.gatewayEnv(extra));
    this.gateways.push(gateway);
    return gateway;
  }

  /** A runner on this world's database and namespace: it answers the gateway's connection tests. */
  async startRunner(extra: Record<string, string> = {}): Promise<AppProcess> {
    const runner = await startApp('runner', { ...this.env.env, ...extra });
    this.runners.push(runner);
    return runner;
  }

  /** `npm run token -- <email> --role <role>` against this world's database: a fresh PAT. */
  async mintToken(email: string, role: WorkspaceRole): Promise<string> {
    const { stdout } = await run(
      process.execPath,
      ['-r', path.join(ROOT, 'tools/register.cjs'), path.join(ROOT, 'tools/token.ts'), email, '--role', role],
      {
        cwd: ROOT,
        env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: this.env.databaseUrl, NODE_ENV: 'test' },
      },
    );
    return stdout.trim();
  }

  /**
   * Signs `email` in by one-time code through the REST gateway at `api` (the user must exist):
   * the `svc_sess_` session token of the cookie it sets.
   */
  async signInByEmail(api: string, email: string): Promise<string> {
    const sent = this.smtp.mails.length;
    const requested = await call(api, 'POST', '/auth/otp/request', { body: { email } });
    if (requested.status >= 300) throw new Error(`otp request answered ${requested.status}`);
    const mail = await waitFor('the sign-in mail', () =>
      this.smtp.mails.slice(sent).find((candidate) => candidate.to.includes(email)),
    );
    const verified = await call(api, 'POST', '/auth/otp/verify', { body: { email, code: codeOf(mail) } });
    const session = /svc_session=(svc_sess_[^;]+)/.exec(verified.headers.get('set-cookie') ?? '');
    if (verified.status !== 200 || !session) throw new Error(`otp verify answered ${verified.status}`);
    return session[1];
  }

  /**
   * A typed client of a REST gateway of this world (the first started unless `gateway` is given),
   * calling as the holder of `token` (none: anonymous).
   */
  apiClient(token?: string, gateway: AppProcess | undefined = this.gateways[0]): ApiClient {
    if (!gateway) throw new Error('start a gateway before asking for its client');
    return apiClientOf(gateway.url, token);
  }

  /** Every line every gateway and runner of this world has written. */
  output(): string {
    return [...this.gateways, ...this.runners].flatMap((app) => app.output).join('\n');
  }

  async close(): Promise<void> {
    await Promise.all([...this.gateways, ...this.runners].map((app) => app.stop()));
    await this.db.destroy();
    await Promise.all([this.smtp.close(), this.identityProvider.stop()]);
    await this.env.cleanup();
  }
}

/**
 * A typed client of the REST API at `origin`: a request that never answers fails its test with
 * the route named, instead of hanging the file.
 */
export function apiClientOf(origin: string, token?: string): ApiClient {
  return createApiClient({
    baseUrl: origin,
    ...(token !== undefined ? { token } : {}),
    fetch: (request) =>
      fetch(request, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }).catch((error: unknown) => {
        throw new Error(
          `${request.method} ${new URL(request.url).pathname} did not answer: ${String(error)}`,
        );
      }),
  });
}

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/** One request with an optional bearer token or cookie. */
export async function call(
  baseUrl: string,
  method: string,
  pathname: string,
  options: { token?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.cookie) headers['cookie'] = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    // A request that never answers fails its test with the route named, instead of hanging the file.
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new Error(`${method} ${pathname} did not answer: ${String(error)}`);
  });
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, text, body };
}
