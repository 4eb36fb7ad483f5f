import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { type CreateConnectionRequest, ErrorCode } from '@dq/contracts';
import { AuditModule } from '@dq/audit';
import { ConnectionDirectory, ConnectionsModule, ConnectionsService } from '@dq/connections';
import { DbModule } from '@dq/db';
import { type IsolatedEnvironment, createIsolatedEnvironment, testActor } from '@dq/testing';
import { SuiteAccessService } from '../access/suite-access.service';
import { ChecksService } from './checks.service';
import { SuitesService } from './suites.service';
import { type Actor } from '@dq/auth';

const ROUNDS = 40;

/** Pointing a suite at a connection while it is deleted: never a suite on a deleted connection. */
describe('suite create or move racing a connection delete', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let db: DataSource;
  let connections: ConnectionsService;
  let suites: SuitesService;
  let checks: ChecksService;
  const userId = randomUUID();
  const connectionActor = testActor(userId, { admin: true });
  const suiteActor: Actor = {
    user: {
      id: userId,
      email: 'racer@example.test',
      display_name: 'racer',
      role: 'member',
      is_workspace_admin: false,
    },
    credential: 'pat:test',
  };
  const draft = (name: string): CreateConnectionRequest => ({
    name,
    kind: 'postgres',
    config: { host: 'db.example.com', port: 5432, database: 'd', user: 'u', sslmode: 'require' },
    credential: { password: 'not-a-real-password' },
  });

  const suitesOnDeletedConnections = async (): Promise<number> =>
    Number(
      (
        await db.query<{ n: string }[]>(
          `SELECT count(*) AS n FROM suites s JOIN connections c ON c.id = s.connection_id
            WHERE c.deleted_at IS NOT NULL`,
        )
      )[0].n,
    );

  beforeAll(async () => {
    env = await createIsolatedEnvironment('suite-connection-race');
    // The race needs neither sealing nor the egress policy: a fixed sealed text, every address allowed.
    const ports = {
      sealer: { seal: () => 'sealed-for-this-test' },
      urlPolicy: { assertAllowed: async () => undefined, assertHostAllowed: async () => undefined },
    };
    const moduleRef = await Test.createTestingModule({
      imports: [
        DbModule.forRoot({ url: env.databaseUrl, applicationName: 'suite-connection-race-spec' }),
        AuditModule,
        ConnectionsModule.forRoot(ports),
      ],
      providers: [SuitesService, ChecksService, SuiteAccessService, ConnectionDirectory],
    }).compile();
    context = await moduleRef.init();
    db = context.get(DataSource);
    connections = context.get(ConnectionsService);
    suites = context.get(SuitesService);
    checks = context.get(ChecksService);
    await db.query(
      `INSERT INTO users (id, email, display_name, role) VALUES ($1, 'racer@example.test', 'racer', 'member')`,
      [userId],
    );
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  it('a suite created while its connection is deleted: one of them wins, never both', async () => {
    const outcomes = { suite: 0, deleted: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const connection = await connections.create(draft(`create-${round}`), connectionActor);
      const [created, deleted] = await Promise.allSettled([
        suites.create(suiteActor, {
          name: `create-${round}`,
          connection_id: connection.id,
          target: 'public.t',
        }),
        connections.delete(connection.id, connectionActor),
      ]);
      // Exactly one wins: the suite (the delete is 409) or the delete (the suite is 422).
      expect([created.status, deleted.status].sort()).toEqual(['fulfilled', 'rejected']);
      const refused = [created, deleted].find((outcome) => outcome.status === 'rejected');
      expect((refused as PromiseRejectedResult).reason).toMatchObject({
        code: created.status === 'fulfilled' ? ErrorCode.ConnectionInUse : ErrorCode.ValidationFailed,
      });
      if (created.status === 'fulfilled') outcomes.suite += 1;
      else outcomes.deleted += 1;
    }
    expect(await suitesOnDeletedConnections()).toBe(0);
    expect(outcomes.suite + outcomes.deleted).toBe(ROUNDS);
  });

  it('a suite moved to a connection while it is deleted: one of them wins, never both', async () => {
    const home = await connections.create(draft('home'), connectionActor);
    const suite = await suites.create(suiteActor, {
      name: 'mover',
      connection_id: home.id,
      target: 'public.t',
    });
    for (let round = 0; round < ROUNDS; round += 1) {
      const connection = await connections.create(draft(`move-${round}`), connectionActor);
      const [moved, deleted] = await Promise.allSettled([
        suites.update(suiteActor, suite.id, { connection_id: connection.id }),
        connections.delete(connection.id, connectionActor),
      ]);
      expect([moved.status, deleted.status].sort()).toEqual(['fulfilled', 'rejected']);
      if (moved.status === 'fulfilled') await suites.update(suiteActor, suite.id, { connection_id: home.id });
    }
    expect(await suitesOnDeletedConnections()).toBe(0);
  });

  it('a comparison saved against a baseline connection while it is deleted: one of them wins', async () => {
    const home = await connections.create(draft('comparing-home'), connectionActor);
    const suite = await suites.create(suiteActor, {
      name: 'comparing',
      connection_id: home.id,
      target: 'public.t',
    });
    for (let round = 0; round < ROUNDS; round += 1) {
      const baseline = await connections.create(draft(`baseline-${round}`), connectionActor);
      const [saved, deleted] = await Promise.allSettled([
        checks.create(suiteActor, suite.id, {
          name: `compare-${round}`,
          kind: 'comparison',
          config: {
            baseline_connection_id: baseline.id,
            baseline: { target: 'public.t' },
            key_columns: ['id'],
          },
        }),
        connections.delete(baseline.id, connectionActor),
      ]);
      expect([saved.status, deleted.status].sort()).toEqual(['fulfilled', 'rejected']);
    }
    const orphans = await db.query<{ n: string }[]>(
      `SELECT count(*) AS n FROM checks k JOIN connections c ON c.id::text = k.config->>'baseline_connection_id'
        WHERE c.deleted_at IS NOT NULL`,
    );
    expect(Number(orphans[0].n)).toBe(0);
  });
});
