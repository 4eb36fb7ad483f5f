import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AuditModule } from '@dq/audit';
import { DbModule } from '@dq/db';
import { LoggingModule, createLogger } from '@dq/platform';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { type IdentityOptions, IdentityModule } from '../../src';

export interface IdentityHarness {
  env: IsolatedEnvironment;
  context: INestApplicationContext;
  dataSource: DataSource;
  /** Every JSON log line the services wrote, as written (after redaction). */
  logs: string[];
  get<T>(type: abstract new (...args: never[]) => T): T;
  close(): Promise<void>;
}

/**
 * The identity module on a fresh, migrated database of its own, with its logs captured. No HTTP,
 * no messaging: identity needs only the DataSource and the logger.
 */
export async function startIdentityHarness(
  label: string,
  options: Partial<IdentityOptions> & { smtpUrl?: string } = {},
): Promise<IdentityHarness> {
  const env = await createIsolatedEnvironment(label);
  const logs: string[] = [];
  const logger = createLogger({
    service: 'identity-test',
    level: 'debug',
    destination: { write: (line: string) => void logs.push(line) },
  });
  const { smtpUrl, ...identityOptions } = options;
  const moduleRef = await Test.createTestingModule({
    imports: [
      LoggingModule.forRoot(logger),
      DbModule.forRoot({ url: env.databaseUrl, applicationName: `identity-test-${label}` }),
      AuditModule,
      IdentityModule.forRoot({
        workspaceAdminEmails: [],
        // Nothing listens here unless a test starts an SMTP server: a send would fail and be logged.
        mail: { smtpUrl: smtpUrl ?? 'smtp://127.0.0.1:9', from: 'Data quality <no-reply@example.test>' },
        ...identityOptions,
      }),
    ],
  }).compile();
  const context = await moduleRef.init();
  return {
    env,
    context,
    dataSource: context.get(DataSource),
    logs,
    get: (type) => context.get(type, { strict: false }),
    async close() {
      await context.close();
      await env.cleanup();
    },
  };
}
