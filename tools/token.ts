/* eslint-disable no-console -- a command-line tool: its output is the token. */
// `npm run token -- <email> [--role admin|member|viewer]`: creates the user if needed (with that
// stored role; default member), and prints a fresh PAT for it on one line, nothing else. For local
// use and tests only: it refuses a production NODE_ENV and any database that is not on loopback.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AccessConfig } from '@dq/access';
import { AuditModule } from '@dq/audit';
import { type Actor } from '@dq/auth';
import {
  API_KEY_MAX_LIVE,
  type ApiKeyResponse,
  LIST_MAX_LIMIT,
  ServiceName,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@dq/contracts';
import { DbModule } from '@dq/db';
import { ApiKeysService, IdentityModule, UsersService } from '@dq/identity';
import { loadConfig, platformModules } from '@dq/platform';
import { identityOptionsFrom } from '@dq/access';

const LOCAL_DEFAULTS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/dq',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
  LOG_LEVEL: 'warn',
};

const TOOL_KEY_NAME = 'npm run token';

class TokenToolConfig extends AccessConfig {
  override PORT = 1;
}

function fail(message: string): never {
  console.error(`token: ${message}`);
  process.exit(2);
}

function parseArguments(argv: string[]): { email: string; role?: WorkspaceRole } {
  const [email, ...rest] = argv;
  if (!email || email.startsWith('-')) fail('usage: npm run token -- <email> [--role admin|member|viewer]');
  if (rest.length === 0) return { email };
  if (rest[0] !== '--role' || rest.length !== 2)
    fail('usage: npm run token -- <email> [--role admin|member|viewer]');
  const role = rest[1] as WorkspaceRole;
  if (!WORKSPACE_ROLES.includes(role)) fail(`role must be one of ${WORKSPACE_ROLES.join(', ')}`);
  return { email, role };
}

function isLoopback(databaseUrl: string): boolean {
  const host = new URL(databaseUrl).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host) || host === '';
}

async function main(): Promise<void> {
  const { email, role } = parseArguments(process.argv.slice(2));
  const config = loadConfig(TokenToolConfig, { ...LOCAL_DEFAULTS, ...process.env });
  if (config.NODE_ENV === 'production') fail('refusing to mint a token with NODE_ENV=production');
  if (!isLoopback(config.DATABASE_URL))
    fail('refusing to run against a database that is not on this machine');

  @Module({
    imports: [
      ...platformModules({ service: ServiceName.ApiGateway, config }),
      DbModule.forRoot({ url: config.DATABASE_URL, applicationName: 'token-tool' }),
      AuditModule,
      IdentityModule.forRoot(identityOptionsFrom(config)),
    ],
  })
  class TokenToolModule {}

  const app = await NestFactory.createApplicationContext(TokenToolModule, { logger: false });
  try {
    const users = app.get(UsersService);
    const { user, created } = await users.provisionOnSignIn({ email });
    // The audit log records the user as acting through this tool.
    const actor: Actor = {
      user: {
        id: user.id,
        email: user.email,
        display_name: user.displayName,
        role: user.role,
        is_workspace_admin: false,
      },
      credential: 'local:token-tool',
    };
    if (role && (created || user.role !== role)) await users.setRole(user.id, role, actor);
    else if (created && !role) await users.setRole(user.id, 'member', actor);
    const apiKeys = app.get(ApiKeysService);
    // At the cap of live keys, the oldest key this tool minted makes room (its user's own keys stay).
    const now = Date.now();
    const keys: ApiKeyResponse[] = [];
    let cursor: string | undefined;
    do {
      const page = await apiKeys.list(user.id, { limit: LIST_MAX_LIMIT, cursor });
      keys.push(...page.items);
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
    const live = keys.filter((key) => Date.parse(key.expires_at) > now);
    const minted = live.filter((key) => key.name === TOOL_KEY_NAME).reverse();
    for (let excess = live.length - API_KEY_MAX_LIVE + 1; excess > 0 && minted.length > 0; excess -= 1)
      await apiKeys.revoke(user.id, minted.shift()!.id, actor);
    const key = await apiKeys.mint(user.id, { name: TOOL_KEY_NAME }, actor);
    console.log(key.token);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
