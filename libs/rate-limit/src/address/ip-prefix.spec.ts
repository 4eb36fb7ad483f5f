import { formatIp, parseIp } from './ip-address';
import { ipPrefix, UNKNOWN_IP_PREFIX } from './ip-prefix';

describe('parseIp / formatIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    [' 10.1.2.3 ', '10.1.2.3'],
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['::', '::'],
    ['::1', '::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['1:0:2:3:4:5:6:7', '1:0:2:3:4:5:6:7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['64:ff9b::203.0.113.7', '64:ff9b::cb00:7107'],
  ])('%s -> %s', (input, canonical) => {
    const parsed = parseIp(input);
    expect(parsed).toBeDefined();
    expect(formatIp(parsed!)).toBe(canonical);
  });

  it.each([
    '',
    'unknown',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.4/24',
    '2001:db8::1::2',
    '2001:db8:::1',
    '12345::1',
    '::ffff:999.1.1.1',
    '[::1]',
    'svc_live_abc',
  ])('refuses %j', (input) => {
    expect(parseIp(input)).toBeUndefined();
  });

  it('refuses non-strings', () => {
    expect(parseIp(undefined)).toBeUndefined();
    expect(parseIp(null)).toBeUndefined();
  });
});

describe('ipPrefix', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.255', '203.0.113.0/24'],
    ['10.0.0.1', '10.0.0.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['::1', '::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
  ])('default lengths: %s -> %s', (address, prefix) => {
    expect(ipPrefix(address)).toBe(prefix);
  });

  it('groups the addresses of one allocation and separates neighbours', () => {
    expect(ipPrefix('198.51.100.1')).toBe(ipPrefix('198.51.100.200'));
    expect(ipPrefix('198.51.100.1')).not.toBe(ipPrefix('198.51.101.1'));
    expect(ipPrefix('2001:db8:a:b:1::')).toBe(ipPrefix('2001:db8:a:b:ffff:ffff:ffff:ffff'));
    expect(ipPrefix('2001:db8:a:b::')).not.toBe(ipPrefix('2001:db8:a:c::'));
  });

  it.each([
    ['203.0.113.7', 32, 128, '203.0.113.7/32'],
    ['203.0.113.7', 16, 64, '203.0.0.0/16'],
    ['203.0.113.7', 0, 64, '0.0.0.0/0'],
    ['203.0.113.7', 20, 64, '203.0.112.0/20'],
    ['2001:db8:1:2:3:4:5:6', 24, 48, '2001:db8:1::/48'],
    ['2001:db8:1:2ab:3:4:5:6', 24, 56, '2001:db8:1:200::/56'],
    ['2001:db8:1:2:3:4:5:6', 24, 128, '2001:db8:1:2:3:4:5:6/128'],
    ['2001:db8:1:2:3:4:5:6', 24, 0, '::/0'],
  ])('configured lengths: %s /%i /%i -> %s', (address, v4, v6, prefix) => {
    expect(ipPrefix(address, v4, v6)).toBe(prefix);
  });

  it('puts every unparseable address in one shared budget', () => {
    expect(ipPrefix(undefined)).toBe(UNKNOWN_IP_PREFIX);
    expect(ipPrefix('garbage')).toBe(UNKNOWN_IP_PREFIX);
  });

  it.each([
    [33, 64],
    [-1, 64],
    [24, 129],
    [24.5, 64],
  ])('refuses prefix lengths /%d and /%d', (v4, v6) => {
    expect(() => ipPrefix('203.0.113.7', v4, v6)).toThrow(RangeError);
  });
});
