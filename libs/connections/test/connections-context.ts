import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AuditModule } from '@dq/audit';
import { DbModule } from '@dq/db';
import { EgressGuard, type HostResolver } from '@dq/security';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { ConnectionsModule } from '../src/connections.module';
import type { ConnectionsModuleOptions } from '../src/connections.module';
import { ConnectionsService } from '../src/service/connections.service';

/** The connections module on its own isolated database, as the integration specs use it. */
export interface ConnectionsContext {
  env: IsolatedEnvironment;
  context: INestApplicationContext;
  db: DataSource;
  service: ConnectionsService;
  close(): Promise<void>;
}

/** An egress guard over scripted DNS that logs nothing. */
export function scriptedEgressGuard(resolve: HostResolver, allowCidrs?: string): EgressGuard {
  return new EgressGuard({ resolve, logger: { warn: () => undefined }, allowCidrs });
}

/** Boots the connections module with `ports(guard)` on a fresh database named after `label`. */
export async function startConnectionsContext(
  label: string,
  guard: EgressGuard,
  ports: (guard: EgressGuard) => ConnectionsModuleOptions,
): Promise<ConnectionsContext> {
  const env = await createIsolatedEnvironment(label);
  const moduleRef = await Test.createTestingModule({
    imports: [
      DbModule.forRoot({ url: env.databaseUrl, applicationName: `dq-${label}-test` }),
      AuditModule,
      ConnectionsModule.forRoot(ports(guard)),
    ],
  }).compile();
  const context = await moduleRef.init();
  return {
    env,
    context,
    db: context.get(DataSource),
    service: context.get(ConnectionsService),
    close: async () => {
      await context.close();
      await env.cleanup();
    },
  };
}
