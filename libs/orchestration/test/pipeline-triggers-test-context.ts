import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { ServiceName, type WorkspaceRole } from '@dq/contracts';
import { AuditModule } from '@dq/audit';
import { type Actor } from '@dq/auth';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { PipelineTriggersModule } from '../src/bindings/pipeline-triggers.module';
import { TriggerBindingsModule } from '../src/bindings/trigger-bindings.module';

class OrchestrationTestConfig extends BaseServiceConfig {
  override PORT = 0;
}

/** The scheduler's matcher and the gateways' binding services on one isolated database and namespace. */
export interface PipelineTriggersTestContext {
  env: IsolatedEnvironment;
  context: INestApplicationContext;
  dataSource: DataSource;
  /** Another scheduler process: its own module graph and pool on the same database and namespace. */
  openPeer(): Promise<INestApplicationContext>;
  close(): Promise<void>;
}

async function boot(env: IsolatedEnvironment): Promise<INestApplicationContext> {
  const service = ServiceName.Scheduler;
  const config = loadConfig(OrchestrationTestConfig, env.env);
  const moduleRef = await Test.createTestingModule({
    imports: [
      ...platformModules({ service, config }),
      ServiceRuntimeModule.forRoot({ service, config }),
      AuditModule,
      PipelineTriggersModule,
      TriggerBindingsModule,
    ],
  }).compile();
  return moduleRef.init();
}

export async function openPipelineTriggersTestContext(label: string): Promise<PipelineTriggersTestContext> {
  const env = await createIsolatedEnvironment(label);
  const context = await boot(env);
  const peers: INestApplicationContext[] = [];
  return {
    env,
    context,
    dataSource: context.get(DataSource),
    openPeer: async () => {
      const peer = await boot(env);
      peers.push(peer);
      return peer;
    },
    close: async () => {
      for (const peer of peers) await peer.close();
      await context.close();
      await env.cleanup();
    },
  };
}

/** A user row and the actor acting as them. */
export async function seedUser(dataSource: DataSource, role: WorkspaceRole, admin = false): Promise<Actor> {
  const id = randomUUID();
  await dataSource.query(`INSERT INTO users (id, email, display_name, role) VALUES ($1, $2, $3, $4)`, [
    id,
    `${id}@example.test`,
    role,
    role,
  ]);
  return {
    user: { id, email: `${id}@example.test`, display_name: role, role, is_workspace_admin: admin },
    credential: 'test',
  };
}

/** A suite owned by `ownerId` with one enabled check (its connection exists only by id). */
export async function seedSuite(dataSource: DataSource, ownerId: string): Promise<string> {
  const id = randomUUID();
  await dataSource.transaction(async (manager) => {
    await manager.query(`SET LOCAL session_replication_role = replica`);
    await manager.query(
      `INSERT INTO suites (id, name, connection_id, target, owner_id) VALUES ($1, $2, $3, 'public.orders', $4)`,
      [id, `suite ${id}`, randomUUID(), ownerId],
    );
    await manager.query(
      `INSERT INTO checks (suite_id, name, kind, dimension, config) VALUES ($1, 'rows', 'volume', 'volume', '{"min_rows": 1}')`,
      [id],
    );
  });
  return id;
}

export async function shareSuite(
  dataSource: DataSource,
  suiteId: string,
  userId: string,
  grant: 'view' | 'edit',
): Promise<void> {
  await dataSource.query(`INSERT INTO suite_shares (suite_id, user_id, "grant") VALUES ($1, $2, $3)`, [
    suiteId,
    userId,
    grant,
  ]);
}
