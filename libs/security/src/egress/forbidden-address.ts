import type { EgressRule } from './egress-allowlist';
import { inRange, type IpRange, type ParsedIp, parseIp, range } from './ip-address';

// Private, loopback, link-local (incl. the 169.254.169.254 metadata endpoint), CGNAT, reserved,
// documentation, benchmarking, multicast and broadcast: nothing a datasource should live on.
const FORBIDDEN_V4: readonly IpRange[] = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '255.255.255.255/32',
].map(range);

const FORBIDDEN_V6: readonly IpRange[] = [
  '::/128',
  '::1/128',
  '100::/64', // discard-only
  '2001::/32', // Teredo: tunnels to an IPv4 address we cannot see
  '2001:db8::/32',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10', // deprecated site-local, still routed by some stacks
  'ff00::/8',
  '64:ff9b:1::/48', // local-use NAT64
].map(range);

// IPv6 forms that carry an IPv4 address: the embedded address decides.
const MAPPED = range('::ffff:0:0/96');
const TRANSLATED = range('::ffff:0:0:0/96'); // SIIT's IPv4-translated form, `::ffff:0:a.b.c.d`
const COMPATIBLE = range('::/96');
const NAT64 = range('64:ff9b::/96');
const SIX_TO_FOUR = range('2002::/16');

/** The IPv4 address an IPv6 form carries (mapped, translated, compatible, NAT64, 6to4), if any. */
export function embeddedIpv4(ip: ParsedIp): ParsedIp | undefined {
  if ([MAPPED, TRANSLATED, COMPATIBLE, NAT64].some((form) => inRange(ip, form))) {
    return { version: 4, value: ip.value & 0xffffffffn };
  }
  if (inRange(ip, SIX_TO_FOUR)) return { version: 4, value: (ip.value >> 80n) & 0xffffffffn };
  return undefined;
}

function isForbiddenParsed(ip: ParsedIp): boolean {
  if (ip.version === 4) return FORBIDDEN_V4.some((r) => inRange(ip, r));
  if (FORBIDDEN_V6.some((r) => inRange(ip, r))) return true;
  const embedded = embeddedIpv4(ip);
  return embedded !== undefined && isForbiddenParsed(embedded);
}

/**
 * True when an outbound connection to this address must be refused. Anything that is not a
 * canonical IPv4 or an IPv6 address (e.g. `0177.0.0.1`) is refused too: fail closed.
 */
export function isForbiddenAddress(ip: string): boolean {
  const parsed = parseIp(ip);
  return parsed === undefined || isForbiddenParsed(parsed);
}

/** True for 127/8 and ::1, also when IPv4-mapped: what the test-only loopback allowance permits. */
export function isLoopbackAddress(ip: string): boolean {
  const parsed = parseIp(ip);
  if (parsed === undefined) return false;
  const v4 =
    parsed.version === 4
      ? parsed
      : inRange(parsed, MAPPED)
        ? { version: 4 as const, value: parsed.value & 0xffffffffn }
        : undefined;
  if (v4 !== undefined) return inRange(v4, range('127.0.0.0/8'));
  return parsed.value === 1n;
}

// Never reachable, whatever the operator allows: the host itself, link-local (where every cloud's
// metadata service lives) and the metadata addresses outside link-local, multicast and broadcast.
const NEVER: readonly { range: IpRange; rule: EgressRule }[] = [
  ...['0.0.0.0/8', '127.0.0.0/8', '::/128', '::1/128'].map((cidr) => ({
    range: range(cidr),
    rule: 'loopback' as const,
  })),
  ...['169.254.0.0/16', 'fe80::/10', '100.100.100.200/32', 'fd00:ec2::254/128'].map((cidr) => ({
    range: range(cidr),
    rule: 'metadata_address' as const,
  })),
  ...['224.0.0.0/4', '255.255.255.255/32', 'ff00::/8'].map((cidr) => ({
    range: range(cidr),
    rule: 'private_range' as const,
  })),
];

/**
 * The rule that refuses this address whatever the allowlist says (also when an IPv6 form carries
 * it), or undefined when an allowlist may let it through. Unparseable text is refused.
 */
export function neverAllowedRule(ip: string): EgressRule | undefined {
  const parsed = parseIp(ip);
  if (parsed === undefined) return 'private_range';
  for (const candidate of [parsed, embeddedIpv4(parsed)]) {
    if (candidate === undefined) continue;
    const hit = NEVER.find((entry) => inRange(candidate, entry.range));
    if (hit !== undefined) return hit.rule;
  }
  return undefined;
}
