import { parseIp as parseAddress } from '@dq/security';

/** An IP address as a number, so prefixes and ranges are plain bit arithmetic. */
export interface IpAddress {
  version: 4 | 6;
  value: bigint;
}

export const IPV4_BITS = 32;
export const IPV6_BITS = 128;
const MAPPED_PREFIX = 0xffffn << 32n; // ::ffff:0:0/96

/**
 * Parses an IPv4 or IPv6 address (an IPv6 zone like `%eth0` is ignored). An IPv4-mapped IPv6
 * address (`::ffff:203.0.113.7`) is unwrapped to IPv4: it is the same client.
 */
export function parseIp(text: string | undefined | null): IpAddress | undefined {
  // A bare address only: brackets belong to URLs and host:port forms, not to forwarded-for hops.
  if (typeof text !== 'string' || text.includes('[')) return undefined;
  const parsed = parseAddress(text);
  if (parsed?.version === 6 && parsed.value >> 32n === MAPPED_PREFIX >> 32n) {
    return { version: 4, value: parsed.value & 0xffffffffn };
  }
  return parsed;
}

export function bitsOf(version: 4 | 6): number {
  return version === 4 ? IPV4_BITS : IPV6_BITS;
}

/** Keeps the first `length` bits. */
export function maskIp(address: IpAddress, length: number): IpAddress {
  const bits = BigInt(bitsOf(address.version));
  const hostBits = bits - BigInt(length);
  const mask = ((1n << bits) - 1n) ^ ((1n << hostBits) - 1n);
  return { version: address.version, value: address.value & mask };
}

/** Canonical text: dotted IPv4, RFC 5952 IPv6 (lower case, longest zero run compressed). */
export function formatIp(address: IpAddress): string {
  if (address.version === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((address.value >> shift) & 0xffn)).join('.');
  }
  const groups = Array.from({ length: 8 }, (_, i) =>
    Number((address.value >> BigInt((7 - i) * 16)) & 0xffffn),
  );
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestLength < 2) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
