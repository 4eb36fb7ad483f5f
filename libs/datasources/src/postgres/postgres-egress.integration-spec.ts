import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { AppError, ErrorCode } from '@dq/contracts';
import { EgressGuard, type HostResolver, isForbiddenAddress } from '@dq/security';
import { freePort } from '@dq/testing';
import { type DatasourceConnection } from '../adapter/datasource-adapter';
import { PostgresAdapter } from './postgres-adapter';
import { pinnedClientConfig } from './postgres-session';

const quiet = { warn: (): undefined => undefined };

/**
 * A non-loopback, non-link-local address of this machine (a container's or VM's interface is a
 * private or reserved one): where a datasource on the operator's private network is played.
 */
function interfaceAddress(): { address: string; family: 4 | 6 } {
  const all = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  const usable = all.filter(
    (entry) => !entry.internal && !entry.address.startsWith('169.254.') && !entry.address.startsWith('fe80:'),
  );
  const chosen = usable.find((entry) => entry.family === 'IPv4') ?? usable[0];
  if (chosen === undefined) throw new Error('this machine has no non-loopback interface address');
  return { address: chosen.address, family: chosen.family === 'IPv4' ? 4 : 6 };
}

/** A TCP relay listening on the interface address, forwarding to the shared PostgreSQL; counts connections. */
class Relay {
  connections = 0;
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  async start(host: string): Promise<number> {
    this.server = createServer((client) => {
      this.connections += 1;
      const upstream = createConnection({ host: '127.0.0.1', port: 5432 });
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => this.sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((ready) => this.server!.listen(0, host, ready));
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((done) => this.server?.close(() => done()));
  }
}

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(ErrorCode.UrlForbidden);
  return error as AppError;
}

describe('PostgreSQL host held to the egress guard', () => {
  const local = interfaceAddress();
  const relay = new Relay();
  let port: number;

  const connection = (host: string, overrides: Record<string, unknown> = {}): DatasourceConnection => ({
    id: null,
    kind: 'postgres',
    config: { host, port, database: 'postgres', user: 'postgres', sslmode: 'disable', ...overrides },
    credential: null,
  });
  const options = { timeoutMs: 5_000 };

  beforeAll(async () => {
    port = await relay.start(local.address);
  });

  afterAll(async () => {
    await relay.stop();
  });

  it("reaches a datasource at this machine's private address once EGRESS_ALLOW_CIDRS covers it", async () => {
    // The interface address is private or reserved here; the default guard refuses it.
    expect(isForbiddenAddress(local.address)).toBe(true);
    const strict = new PostgresAdapter({ egress: new EgressGuard({ logger: quiet }) });
    const refused = await refusalOf(strict.test(connection(local.address), options));
    expect(refused.detail).toEqual({
      field: 'config.host',
      rule: 'private_range',
      setting: 'EGRESS_ALLOW_CIDRS',
    });
    expect(relay.connections).toBe(0);

    const cidr = local.family === 4 ? `${local.address}/32` : `${local.address}/128`;
    const allowed = new PostgresAdapter({ egress: new EgressGuard({ logger: quiet, allowCidrs: cidr }) });
    const result = await allowed.test(connection(local.address), options);
    expect(result['server_version']).toEqual(expect.stringContaining('PostgreSQL'));
    expect(relay.connections).toBe(1);
  });

  it('connects to the address it checked (pinned), by a name only the guard resolves', async () => {
    const resolve: HostResolver = (host) =>
      host === 'db.corp.example'
        ? Promise.resolve([{ address: local.address, family: local.family }])
        : Promise.reject(Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    const egress = new EgressGuard({ logger: quiet, resolve, allowHosts: 'db.corp.example' });
    const before = relay.connections;
    const rows = await new PostgresAdapter({ egress }).query(
      connection('db.corp.example'),
      'SELECT 1 AS one',
      {
        ...options,
        maxRows: 1,
      },
    );
    expect(rows.rows).toEqual([{ one: 1 }]);
    expect(relay.connections).toBe(before + 1);
  });

  it('keeps the host name as the TLS server name when it pins the address', async () => {
    const resolve: HostResolver = () => Promise.resolve([{ address: '10.20.3.4', family: 4 }]);
    const egress = new EgressGuard({ logger: quiet, resolve, allowCidrs: '10.20.0.0/16' });
    const pinned = await pinnedClientConfig(egress, {
      host: 'db.corp.example',
      port: 5432,
      ssl: { rejectUnauthorized: true },
    });
    expect(pinned).toMatchObject({
      host: '10.20.3.4',
      ssl: { rejectUnauthorized: true, servername: 'db.corp.example' },
    });
    // An IP literal carries no server name (SNI never names an address).
    const literal = await pinnedClientConfig(egress, {
      host: '10.20.3.5',
      ssl: { rejectUnauthorized: true },
    });
    expect(literal).toMatchObject({ host: '10.20.3.5', ssl: { rejectUnauthorized: true } });
    expect((literal.ssl as Record<string, unknown>)['servername']).toBeUndefined();
  });

  it.each([
    ['169.254.169.254', '169.254.0.0/16'],
    ['169.254.169.254', '0.0.0.0/0'],
    ['100.100.100.200', '100.64.0.0/10'],
    ['fd00:ec2::254', 'fd00::/8'],
    ['::ffff:169.254.169.254', '::/0'],
  ])('refuses the metadata address %s even when %s is allowed', async (host, cidr) => {
    const adapter = new PostgresAdapter({ egress: new EgressGuard({ logger: quiet, allowCidrs: cidr }) });
    const refused = await refusalOf(adapter.test(connection(host), options));
    expect(refused.detail).toEqual({ field: 'config.host', rule: 'metadata_address' });
  });

  it('refuses a DNS answer that changed between save and connect (rebinding)', async () => {
    let answer = '93.184.216.34';
    const resolve: HostResolver = () => Promise.resolve([{ address: answer, family: 4 }]);
    const egress = new EgressGuard({ logger: quiet, resolve });
    // At save: the name resolves to a public address and passes.
    await expect(egress.assertHostAllowed('rebind.example', 'config.host')).resolves.toHaveLength(1);
    // At connect: it now points at the private relay (and then at the metadata address).
    answer = local.address;
    const before = relay.connections;
    const adapter = new PostgresAdapter({ egress });
    const privateAnswer = await refusalOf(adapter.test(connection('rebind.example'), options));
    expect(privateAnswer.detail).toMatchObject({ field: 'config.host', rule: 'private_range' });
    answer = '169.254.169.254';
    const metadataAnswer = await refusalOf(adapter.test(connection('rebind.example'), options));
    expect(metadataAnswer.detail).toEqual({ field: 'config.host', rule: 'metadata_address' });
    expect(relay.connections).toBe(before);
  });

  it('refuses loopback without the test allowance, the same answer whatever listens there', async () => {
    const strict = new PostgresAdapter({
      egress: new EgressGuard({ logger: quiet, allowCidrs: '127.0.0.0/8' }),
    });
    const closed = await freePort();
    const bodies = new Set<string>();
    for (const target of [
      // A live server that trusts every login, a wrong database, a closed port, a silent address.
      connection('127.0.0.1', { port: 5432 }),
      connection('127.0.0.1', { port: 5432, database: 'no_such_database' }),
      connection('127.0.0.1', { port: closed }),
      connection('127.0.0.2', { port: 5432 }),
      connection('localhost', { port: 5432 }),
      connection('::1', { port: 5432 }),
      connection('0.0.0.0', { port: 5432 }),
      { ...connection('127.0.0.1', { port: 5432 }), credential: { password: 'wrong' } },
    ]) {
      const refused = await refusalOf(strict.test(target, { timeoutMs: 60_000 }));
      bodies.add(JSON.stringify(refused.toBody()));
    }
    expect([...bodies]).toEqual([
      JSON.stringify({
        code: 'url_forbidden',
        message: 'URL not allowed',
        detail: { field: 'config.host', rule: 'loopback' },
      }),
    ]);
  });

  it('refuses a socket path or a non-host as the host', async () => {
    const strict = new PostgresAdapter({ egress: new EgressGuard({ logger: quiet }) });
    for (const host of ['/var/run/postgresql', '/tmp', 'db host', 'db.example.com:5432']) {
      const refused = await refusalOf(strict.test(connection(host), options));
      expect(refused.detail).toEqual({ field: 'config.host', rule: 'scheme' });
    }
  });
});
