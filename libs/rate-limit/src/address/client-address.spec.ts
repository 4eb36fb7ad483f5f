import { clientAddress, type ClientAddressSource } from './client-address';
import { parseIp } from './ip-address';
import { TrustedProxies } from './trusted-proxies';

function request(remoteAddress: string | undefined, forwardedFor?: string | string[]): ClientAddressSource {
  return {
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  };
}

const PROXIES = ['10.0.0.0/8', '192.0.2.10', 'fd00::/8'];

describe('clientAddress', () => {
  it.each([
    [
      'no proxies trusted: the peer, whatever the header says',
      [],
      request('203.0.113.7', '1.2.3.4'),
      '203.0.113.7',
    ],
    ['untrusted peer: the header is ignored', PROXIES, request('203.0.113.7', '1.2.3.4'), '203.0.113.7'],
    ['trusted peer, one hop', PROXIES, request('10.1.1.1', '198.51.100.4'), '198.51.100.4'],
    ['trusted peer, single trusted address', PROXIES, request('192.0.2.10', '198.51.100.4'), '198.51.100.4'],
    [
      'a spoofed left part is ignored: the first untrusted from the right wins',
      PROXIES,
      request('10.1.1.1', '6.6.6.6, 198.51.100.4, 10.2.2.2'),
      '198.51.100.4',
    ],
    [
      'several headers are one list',
      PROXIES,
      request('10.1.1.1', ['6.6.6.6', '198.51.100.4, 10.9.9.9']),
      '198.51.100.4',
    ],
    ['every hop trusted: the leftmost', PROXIES, request('10.1.1.1', '10.3.3.3, 10.2.2.2'), '10.3.3.3'],
    ['trusted peer without the header', PROXIES, request('10.1.1.1'), '10.1.1.1'],
    ['trusted peer with an empty header', PROXIES, request('10.1.1.1', ''), '10.1.1.1'],
    [
      'garbage stops at the last trusted hop',
      PROXIES,
      request('10.1.1.1', '198.51.100.4, garbage'),
      '10.1.1.1',
    ],
    [
      'garbage past a trusted hop stops at that hop',
      PROXIES,
      request('10.1.1.1', 'unknown, 10.2.2.2'),
      '10.2.2.2',
    ],
    ['an IPv4 entry with a port', PROXIES, request('10.1.1.1', '198.51.100.4:51234'), '198.51.100.4'],
    ['a bracketed IPv6 entry with a port', PROXIES, request('10.1.1.1', '[2001:db8::7]:443'), '2001:db8::7'],
    ['a bare IPv6 entry', PROXIES, request('fd00::1', '2001:DB8::7'), '2001:db8::7'],
    [
      'an IPv4-mapped peer is the IPv4 proxy',
      PROXIES,
      request('::ffff:10.1.1.1', '198.51.100.4'),
      '198.51.100.4',
    ],
    ['an IPv4-mapped client is unwrapped', [], request('::ffff:203.0.113.7'), '203.0.113.7'],
    ['an IPv4-mapped hop is unwrapped', PROXIES, request('10.1.1.1', '::ffff:198.51.100.4'), '198.51.100.4'],
    ['whitespace around entries', PROXIES, request('10.1.1.1', ' 198.51.100.4 ,  10.2.2.2 '), '198.51.100.4'],
  ])('%s', (_label, proxies, req, expected) => {
    expect(clientAddress(req, proxies)).toBe(expected);
    expect(clientAddress(req, TrustedProxies.parse(proxies))).toBe(expected);
  });

  it('answers undefined when the socket has no peer address', () => {
    expect(clientAddress(request(undefined, '1.2.3.4'), PROXIES)).toBeUndefined();
    expect(clientAddress({ headers: {} }, PROXIES)).toBeUndefined();
  });
});

describe('TrustedProxies', () => {
  it('matches addresses and ranges of the same family only', () => {
    const trusted = TrustedProxies.parse([
      '10.0.0.0/8',
      '2001:db8::/32',
      '::ffff:172.16.0.0/108',
      '192.0.2.1',
    ]);
    const includes = (text: string) => trusted.includes(parseIp(text)!);
    expect(includes('10.255.0.1')).toBe(true);
    expect(includes('11.0.0.1')).toBe(false);
    expect(includes('2001:db8:ffff::1')).toBe(true);
    expect(includes('2001:db9::1')).toBe(false);
    expect(includes('172.16.5.5')).toBe(true);
    expect(includes('172.32.0.1')).toBe(false);
    expect(includes('192.0.2.1')).toBe(true);
    expect(includes('192.0.2.2')).toBe(false);
    expect(includes('::ffff:10.0.0.1')).toBe(true);
  });

  it.each(['nope', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/8', '2001:db8::/129', '10.0.0.0/-1', ''])(
    'refuses the entry %j naming it',
    (entry) => {
      expect(() => TrustedProxies.parse([entry])).toThrow(`trusted proxy "${entry}"`);
    },
  );
});
