import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AppError, type CreateConnectionRequest, ErrorCode } from '@dq/contracts';
import type { HostResolver } from '@dq/security';
import { testActor } from '@dq/testing';
import { testOnlyPorts } from '../ports/connection-ports';
import {
  type ConnectionsContext,
  scriptedEgressGuard,
  startConnectionsContext,
} from '../../test/connections-context';
import { ConnectionsService } from './connections.service';

// Scripted DNS: `*.corp.example` names answer an address of the operator's private network.
const resolve: HostResolver = (host) =>
  Promise.resolve([{ address: host.endsWith('.corp.example') ? '10.20.3.4' : '93.184.216.34', family: 4 }]);

const postgres = (host: string): CreateConnectionRequest => ({
  name: `pg-${randomUUID().slice(0, 8)}`,
  kind: 'postgres',
  // No credential: the save-time checks come first, and these ports never seal.
  config: { host, port: 5432, database: 'd', user: 'u', sslmode: 'require' },
});

describe('a PostgreSQL host is held to the egress allowlist when saved', () => {
  let connections: ConnectionsContext;
  let db: DataSource;
  let service: ConnectionsService;
  const actor = testActor();
  const count = async () =>
    Number((await db.query<{ n: string }[]>(`SELECT count(*) AS n FROM connections`))[0].n);

  beforeAll(async () => {
    connections = await startConnectionsContext(
      'connection-egress',
      scriptedEgressGuard(resolve, '10.20.0.0/16,169.254.0.0/16'),
      testOnlyPorts,
    );
    ({ db, service } = connections);
  });

  afterAll(async () => {
    await connections?.close();
  });

  it('saves a host in an allowed CIDR, by address or by name', async () => {
    await expect(service.create(postgres('10.20.9.9'), actor)).resolves.toMatchObject({ kind: 'postgres' });
    await expect(service.create(postgres('db.corp.example'), actor)).resolves.toMatchObject({
      config: { host: 'db.corp.example' },
    });
  });

  it.each([
    ['127.0.0.1', { rule: 'loopback' }],
    ['::1', { rule: 'loopback' }],
    ['169.254.169.254', { rule: 'metadata_address' }],
    ['10.21.0.1', { rule: 'private_range', setting: 'EGRESS_ALLOW_CIDRS' }],
    ['192.168.1.10', { rule: 'private_range', setting: 'EGRESS_ALLOW_CIDRS' }],
    ['/var/run/postgresql', { rule: 'scheme' }],
  ])('refuses %s and writes nothing', async (host, why) => {
    const before = await count();
    const refused: unknown = await service.create(postgres(host), actor).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(ErrorCode.UrlForbidden);
    expect((refused as AppError).detail).toEqual({ field: 'config.host', ...why });
    expect(await count()).toBe(before);
  });

  it('re-checks a saved host before a test', async () => {
    const saved = await service.create(postgres('10.20.1.1'), actor);
    await db.query(
      `UPDATE connections SET config = jsonb_set(config, '{host}', '"127.0.0.1"') WHERE id = $1`,
      [saved.id],
    );
    const refused: unknown = await service.savedTestRequest(saved.id).catch((error: unknown) => error);
    expect((refused as AppError).detail).toEqual({ field: 'config.host', rule: 'loopback' });
  });
});
