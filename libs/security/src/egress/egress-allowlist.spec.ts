import type { LookupAddress } from 'node:dns';
import { AppError, ErrorCode } from '@dq/contracts';
import { EgressAllowlist } from './egress-allowlist';
import { EgressGuard } from './egress-guard';
import { EgressRefusedError } from './egress-refused.error';
import type { GuardedLookupFunction, HostResolver } from './guarded-lookup';

const quiet = { warn: (): undefined => undefined };

const dnsTable: Record<string, LookupAddress[]> = {
  'db.corp.example': [{ address: '10.20.3.4', family: 4 }],
  'other.corp.example': [{ address: '10.99.0.1', family: 4 }],
  'warehouse.internal.example': [{ address: '192.168.7.7', family: 4 }],
  'meta.internal.example': [{ address: '169.254.169.254', family: 4 }],
  'loop.internal.example': [{ address: '127.0.0.1', family: 4 }],
  'public.example': [{ address: '93.184.216.34', family: 4 }],
};
const resolve: HostResolver = (host) =>
  dnsTable[host] ? Promise.resolve(dnsTable[host]) : Promise.reject(new Error(`unknown ${host}`));

async function detailOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(ErrorCode.UrlForbidden);
  return (error as AppError).detail;
}

function lookupOnce(lookup: GuardedLookupFunction, host: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((done) => lookup(host, {}, (error) => done(error)));
}

describe('EgressAllowlist parsing', () => {
  it('reads comma-separated CIDRs and hosts, normalised', () => {
    const list = new EgressAllowlist(
      ' 10.20.0.0/16, 192.168.1.5 ,fd12::/16',
      'DB.corp.example., *.Internal.example',
    );
    expect(list.cidrs).toEqual(['10.20.0.0/16', '192.168.1.5/32', 'fd12::/16']);
    expect(list.hosts).toEqual(['db.corp.example', '*.internal.example']);
    expect(new EgressAllowlist('', '').empty).toBe(true);
  });

  it.each([
    ['10.20.0.0/33', /prefix longer than 32/],
    ['10.20.0.0/', /no valid prefix/],
    ['10.20.0.0/1x', /no valid prefix/],
    ['0x0a.0.0.0/8', /not an IP address or CIDR/],
    ['10.0.0/8', /not an IP address or CIDR/],
    ['corp.example', /not an IP address or CIDR/],
    ['fd00::/129', /prefix longer than 128/],
  ])('refuses the CIDR %s', (entry, message) => {
    expect(() => new EgressAllowlist(entry)).toThrow(message);
    expect(() => new EgressGuard({ allowCidrs: entry })).toThrow(/EGRESS_ALLOW_CIDRS/);
  });

  it.each([
    ['10.0.0.1', /allow it with EGRESS_ALLOW_CIDRS/],
    ['*', /not a host name/],
    ['*.com', /too broad/],
    ['db corp', /not a host name/],
    ['http://db.corp', /not a host name/],
    ['/var/run/postgresql', /not a host name/],
  ])('refuses the host %s', (entry, message) => {
    expect(() => new EgressAllowlist(undefined, entry)).toThrow(message);
  });
});

describe('EgressAllowlist matching', () => {
  const list = new EgressAllowlist('10.20.0.0/16,fd12:3456::/32', 'db.corp.example,*.internal.example');

  it.each([
    ['10.20.0.1', true],
    ['10.20.255.255', true],
    ['10.21.0.1', false],
    ['::ffff:10.20.1.1', true],
    ['::ffff:a14:101', true],
    ['fd12:3456::9', true],
    ['fd12:3457::9', false],
    ['[fd12:3456::9]', true],
  ])('covers %s: %s', (ip, covered) => {
    expect(list.coversAddress(ip)).toBe(covered);
  });

  it.each([
    ['db.corp.example', true],
    ['DB.corp.example.', true],
    ['x.db.corp.example', false],
    ['a.internal.example', true],
    ['a.b.internal.example', true],
    ['internal.example', false],
    ['evilinternal.example', false],
    ['10.20.0.1', false],
  ])('covers the host %s: %s', (host, covered) => {
    expect(list.coversHost(host)).toBe(covered);
  });
});

describe('EgressGuard with an allowlist', () => {
  const guard = new EgressGuard({
    resolve,
    logger: quiet,
    allowCidrs: '10.20.0.0/16',
    allowHosts: '*.internal.example',
  });

  it('lets an allowed CIDR and an allowed host through, at check and at connect time', async () => {
    await expect(guard.assertUrlAllowed('https://10.20.9.9/')).resolves.toBeInstanceOf(URL);
    await expect(guard.assertUrlAllowed('https://db.corp.example/')).resolves.toBeInstanceOf(URL);
    await expect(guard.assertUrlAllowed('https://warehouse.internal.example/')).resolves.toBeInstanceOf(URL);
    expect(await guard.assertHostAllowed('db.corp.example')).toEqual(dnsTable['db.corp.example']);
    expect(await lookupOnce(guard.lookup, 'db.corp.example')).toBeNull();
    expect(await lookupOnce(guard.lookup, 'warehouse.internal.example')).toBeNull();
  });

  it('refuses a private range outside the allowlist, naming the setting but no address', async () => {
    const detail = await detailOf(guard.assertUrlAllowed('https://other.corp.example/x', 'catalog_uri'));
    expect(detail).toEqual({ field: 'catalog_uri', rule: 'private_range', setting: 'EGRESS_ALLOW_HOSTS' });
    expect(await detailOf(guard.assertHostAllowed('192.168.0.1', 'config.host'))).toEqual({
      field: 'config.host',
      rule: 'private_range',
      setting: 'EGRESS_ALLOW_CIDRS',
    });
    expect(JSON.stringify(detail)).not.toMatch(/10\.99/);
  });

  it.each(['0.0.0.0/0', '169.254.0.0/16', '100.64.0.0/10', '::/0', 'fd00::/8', 'fe80::/10', '::ffff:0:0/96'])(
    'never allows metadata or link-local addresses, even under %s',
    async (cidr) => {
      const wide = new EgressGuard({
        resolve,
        logger: quiet,
        allowCidrs: cidr,
        allowHosts: '*.internal.example',
      });
      for (const ip of [
        '169.254.169.254',
        '169.254.0.1',
        '100.100.100.200',
        'fd00:ec2::254',
        'fe80::1',
        '::ffff:169.254.169.254',
        '::ffff:a9fe:a9fe',
        '64:ff9b::a9fe:a9fe',
        '::ffff:100.100.100.200',
      ]) {
        const detail = await detailOf(wide.assertHostAllowed(ip, 'config.host'));
        expect(detail).toEqual({ field: 'config.host', rule: 'metadata_address' });
      }
      // A listed host that resolves to the metadata address is refused too, at check and connect time.
      expect((await detailOf(wide.assertUrlAllowed('https://meta.internal.example/'))).rule).toBe(
        'metadata_address',
      );
      expect(await lookupOnce(wide.lookup, 'meta.internal.example')).toBeInstanceOf(EgressRefusedError);
    },
  );

  it('never allows loopback through the allowlist (only the test allowance does)', async () => {
    const wide = new EgressGuard({
      resolve,
      logger: quiet,
      allowCidrs: '0.0.0.0/0,::/0',
      allowHosts: '*.internal.example',
    });
    for (const host of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '0.0.0.0', 'loop.internal.example']) {
      expect(await detailOf(wide.assertHostAllowed(host, 'config.host'))).toEqual({
        field: 'config.host',
        rule: 'loopback',
      });
    }
    // Public and allowed private addresses are both fine under the wide allowlist.
    await expect(wide.assertHostAllowed('10.1.2.3')).resolves.toHaveLength(1);
  });

  it('names the rule of a scheme or a non-host', async () => {
    expect(await detailOf(guard.assertUrlAllowed('http://public.example/'))).toEqual({
      field: 'url',
      rule: 'scheme',
    });
    expect(await detailOf(guard.assertHostAllowed('/var/run/postgresql', 'config.host'))).toEqual({
      field: 'config.host',
      rule: 'scheme',
    });
  });

  it('answers unresolvable for a host with no address, rebinding for a connect-time refusal', async () => {
    const empty = new EgressGuard({ resolve: () => Promise.resolve([]), logger: quiet });
    expect((await detailOf(empty.assertHostAllowed('nothing.example'))).rule).toBe('unresolvable');
    expect(guard.refuse('endpoint_url', 'refused at connect time').detail).toEqual({
      field: 'endpoint_url',
      rule: 'rebinding',
    });
  });

  it('shows the effective allowances', () => {
    expect(guard.allowances()).toEqual({
      allow_cidrs: ['10.20.0.0/16'],
      allow_hosts: ['*.internal.example'],
      loopback_allowed: false,
    });
  });
});
