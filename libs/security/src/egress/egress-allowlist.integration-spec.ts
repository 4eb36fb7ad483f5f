import { request } from 'node:https';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { EgressGuard } from './egress-guard';
import { isEgressRefusal } from './egress-refused.error';
import { isForbiddenAddress } from './forbidden-address';
import type { HostResolver } from './guarded-lookup';

const quiet = { warn: (): undefined => undefined };

/** A non-loopback, non-link-local IPv4 address of this machine: a private or reserved one here. */
function interfaceAddress(): string {
  const all = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  const found = all.find(
    (entry) => !entry.internal && entry.family === 'IPv4' && !entry.address.startsWith('169.254.'),
  );
  if (found === undefined) throw new Error('this machine has no non-loopback IPv4 interface address');
  return found.address;
}

/**
 * The agent every HTTP-based datasource SDK gets (S3, ADLS, Databricks, Snowflake, Iceberg) honours
 * the allowlist at connect time: a real socket reaches a listener on this machine's private address
 * only when a CIDR covers it, and never the metadata address.
 */
describe('the guard agent and the operator allowlist, over real sockets', () => {
  const address = interfaceAddress();
  let server: Server;
  let port: number;
  let accepted = 0;
  let answer = address;
  const resolve: HostResolver = () => Promise.resolve([{ address: answer, family: 4 }]);

  beforeAll(async () => {
    // A plain TCP listener: it counts what reached it, and the TLS handshake then fails.
    server = createServer((socket) => {
      accepted += 1;
      socket.destroy();
    });
    await new Promise<void>((ready) => server.listen(0, address, ready));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
  });

  /** An https request through the guard's agent; resolves with the socket error. */
  function attempt(guard: EgressGuard): Promise<unknown> {
    return new Promise((done) => {
      const req = request({ host: 'store.corp.example', port, path: '/', agent: guard.agentFor('https:') });
      req.on('error', done);
      req.end();
    });
  }

  it('refuses the private address without an allowance, reaches it under a covering CIDR', async () => {
    expect(isForbiddenAddress(address)).toBe(true);
    answer = address;
    const strict = new EgressGuard({ resolve, logger: quiet });
    expect(isEgressRefusal(await attempt(strict))).toBe(true);
    expect(accepted).toBe(0);

    const allowed = new EgressGuard({ resolve, logger: quiet, allowCidrs: `${address}/32` });
    const error = await attempt(allowed);
    expect(isEgressRefusal(error)).toBe(false);
    expect(accepted).toBe(1);
    strict.destroy();
    allowed.destroy();
  });

  it('refuses the metadata address even under a covering CIDR or a listed host', async () => {
    answer = '169.254.169.254';
    const wide = new EgressGuard({
      resolve,
      logger: quiet,
      allowCidrs: '169.254.0.0/16,0.0.0.0/0',
      allowHosts: '*.corp.example',
    });
    expect(isEgressRefusal(await attempt(wide))).toBe(true);
    wide.destroy();
  });
});
