import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as a number, so ranges are plain bit arithmetic. */
export interface ParsedIp {
  version: 4 | 6;
  value: bigint;
}

function parseIpv4(text: string): bigint | undefined {
  // net.isIPv4 accepts only canonical dotted-decimal (no octal, hex or short forms).
  if (!isIPv4(text)) return undefined;
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
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

/** Parses a canonical IPv4 or any IPv6 address (a zone such as `%eth0` is dropped); else undefined. */
export function parseIp(text: string): ParsedIp | undefined {
  const trimmed = text.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = parseIpv4(trimmed);
  if (v4 !== undefined) return { version: 4, value: v4 };
  const zone = trimmed.indexOf('%');
  const v6 = parseIpv6(zone === -1 ? trimmed : trimmed.slice(0, zone));
  return v6 === undefined ? undefined : { version: 6, value: v6 };
}

/** A CIDR range as numbers. */
export interface IpRange {
  version: 4 | 6;
  base: bigint;
  prefix: number;
}

export function range(cidr: string): IpRange {
  const [address, length] = cidr.split('/') as [string, string];
  const parsed = parseIp(address);
  if (parsed === undefined) throw new Error(`invalid range ${cidr}`);
  return { version: parsed.version, base: parsed.value, prefix: Number(length) };
}

export function inRange(ip: ParsedIp, r: IpRange): boolean {
  if (ip.version !== r.version) return false;
  const hostBits = BigInt((ip.version === 4 ? 32 : 128) - r.prefix);
  return ip.value >> hostBits === r.base >> hostBits;
}
