import { isForbiddenAddress, isLoopbackAddress } from './forbidden-address';

const forbidden: string[] = [
  // IPv4 ranges, both ends where it matters
  '0.0.0.0',
  '0.255.255.255',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.255',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.0.1',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '192.88.99.1',
  '192.168.1.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  // IPv6
  '::',
  '::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fe80::1%eth0',
  'febf:ffff::1',
  'ff02::1',
  '2001:db8::1',
  '100::1',
  '2001:0:4136:e378::1',
  'fec0::1',
  // IPv4 embedded in IPv6: unwrapped
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1',
  '::127.0.0.1',
  '::a9fe:a9fe',
  '64:ff9b::10.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::1',
  '2002:7f00:1::',
  '2002:a9fe:a9fe::1',
  '2002:c0a8:101::1',
  '[::1]',
  // not canonical addresses: fail closed
  '0177.0.0.1',
  '2130706433',
  '0x7f.1',
  '127.1',
  'localhost',
  '',
  '1.2.3.256',
];

const allowed: string[] = [
  '1.1.1.1',
  '8.8.8.8',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.1',
  '192.169.0.1',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '::ffff:8.8.8.8',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
  'fbff::1',
  'fe7f::1',
  '2001:db9::1',
];

describe('isForbiddenAddress', () => {
  it.each(forbidden)('refuses %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(allowed)('allows %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

/** Every IPv6 spelling that carries an IPv4 address, dotted and in hex groups. */
function embeddings(v4: string): string[] {
  const [a, b, c, d] = v4.split('.').map(Number);
  const hi = ((a << 8) | b).toString(16);
  const lo = ((c << 8) | d).toString(16);
  return [
    `::ffff:${v4}`, // mapped
    `::ffff:${hi}:${lo}`,
    `0:0:0:0:0:ffff:${v4}`,
    `::ffff:0:${v4}`, // translated (SIIT)
    `::ffff:0:${hi}:${lo}`,
    `0:0:0:0:ffff:0:${hi}:${lo}`,
    `64:ff9b::${v4}`, // NAT64 well-known prefix
    `64:ff9b::${hi}:${lo}`,
    `2002:${hi}:${lo}::1`, // 6to4
    `2002:${hi}:${lo}:ffff::${v4}`,
    `::${v4}`, // IPv4-compatible
    `::${hi}:${lo}`,
    `[::ffff:0:${v4}]`,
  ];
}

describe('IPv4 embedded in IPv6', () => {
  const inner = [
    '127.0.0.1',
    '10.1.2.3',
    '169.254.169.254',
    '192.168.0.1',
    '172.16.5.4',
    '100.64.0.1',
    '0.0.0.0',
  ];
  it.each(inner.flatMap((v4) => embeddings(v4).map((ip) => [ip, v4])))('refuses %s (carries %s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(embeddings('8.8.8.8').filter((ip) => !ip.startsWith('2002:') || ip.endsWith('::1')))(
    'decides %s by the public address it carries',
    (ip) => {
      expect(isForbiddenAddress(ip)).toBe(false);
    },
  );

  it.each(['2001:0:4136:e378:8000:63bf:80ff:fffe', '2001::ffff:7f00:1', '2001:0:a9fe:a9fe::1'])(
    'refuses Teredo %s whatever it tunnels to',
    (ip) => {
      expect(isForbiddenAddress(ip)).toBe(true);
    },
  );
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::', false],
    ['8.8.8.8', false],
    ['0177.0.0.1', false],
  ])('%s -> %s', (ip, loopback) => {
    expect(isLoopbackAddress(ip)).toBe(loopback);
  });
});
