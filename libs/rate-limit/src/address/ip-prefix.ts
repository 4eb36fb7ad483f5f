import { IPV4_BITS, IPV6_BITS, formatIp, maskIp, parseIp } from './ip-address';

export const DEFAULT_IPV4_PREFIX_LENGTH = 24;
export const DEFAULT_IPV6_PREFIX_LENGTH = 64;

/** The budget key of an address nobody could parse: all such requests share one budget. */
export const UNKNOWN_IP_PREFIX = 'unknown';

export function assertPrefixLengths(v4Length: number, v6Length: number): void {
  if (!Number.isInteger(v4Length) || v4Length < 0 || v4Length > IPV4_BITS) {
    throw new RangeError(`IPv4 prefix length must be an integer from 0 to ${IPV4_BITS}`);
  }
  if (!Number.isInteger(v6Length) || v6Length < 0 || v6Length > IPV6_BITS) {
    throw new RangeError(`IPv6 prefix length must be an integer from 0 to ${IPV6_BITS}`);
  }
}

/**
 * The network a client address belongs to, as the key of its unauthenticated budget, e.g.
 * `203.0.113.0/24` or `2001:db8:1:2::/64`: machines on one allocation share a budget, so a client
 * cannot escape its limit by rotating through the addresses it holds.
 */
export function ipPrefix(
  address: string | undefined | null,
  v4Length = DEFAULT_IPV4_PREFIX_LENGTH,
  v6Length = DEFAULT_IPV6_PREFIX_LENGTH,
): string {
  assertPrefixLengths(v4Length, v6Length);
  const parsed = parseIp(address);
  if (!parsed) return UNKNOWN_IP_PREFIX;
  const length = parsed.version === 4 ? v4Length : v6Length;
  return `${formatIp(maskIp(parsed, length))}/${length}`;
}
