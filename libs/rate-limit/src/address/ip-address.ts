import { isIPv6 } from 'node:net';

/** An IP address as a number, so prefixes and ranges are plain bit arithmetic. */
export interface IpAddress {
  version: 4 | 6;
  value: bigint;
}

export const IPV4_BITS = 32;
export const IPV6_BITS = 128;
const MAPPED_PREFIX = 0xffffn << 32n; // ::ffff:0:0/96

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parseIpv4(text: string): bigint | undefined {
  const match = IPV4.exec(text);
  if (!match) return undefined;
  let value = 0n;
  for (const octet of match.slice(1)) {
    // A leading zero could be read as octal by other software: refuse the ambiguity.
    if (octet.length > 1 && octet.startsWith('0')) return undefined;
    const n = Number(octet);
    if (n > 255) return undefined;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | undefined {
  if (!isIPv6(text)) return undefined;
  let groups = text;
  let tail: bigint | undefined;
  const lastColon = groups.lastIndexOf(':');
  if (groups.includes('.', lastColon)) {
    tail = parseIpv4(groups.slice(lastColon + 1));
    if (tail === undefined) return undefined;
    groups = `${groups.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = groups.split('::') as [string, string | undefined];
  const headParts = head === '' ? [] : head.split(':');
  const restParts = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = 8 - headParts.length - restParts.length;
  const parts =
    rest === undefined ? headParts : [...headParts, ...Array<string>(missing).fill('0'), ...restParts];
  if (parts.length !== 8) return undefined;
  let value = 0n;
  for (const part of parts) value = (value << 16n) | BigInt(parseInt(part, 16));
  if (tail !== undefined) value = (value & ~0xffffffffn) | tail;
  return value;
}

/**
 * Parses an IPv4 or IPv6 address (an IPv6 zone like `%eth0` is ignored). An IPv4-mapped IPv6
 * address (`::ffff:203.0.113.7`) is unwrapped to IPv4: it is the same client.
 */
export function parseIp(text: string | undefined | null): IpAddress | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4 !== undefined) return { version: 4, value: v4 };
  const zone = trimmed.indexOf('%');
  const v6 = parseIpv6(zone === -1 ? trimmed : trimmed.slice(0, zone));
  if (v6 === undefined) return undefined;
  if (v6 >> 32n === MAPPED_PREFIX >> 32n) return { version: 4, value: v6 & 0xffffffffn };
  return { version: 6, value: v6 };
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
