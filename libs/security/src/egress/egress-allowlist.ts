import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { embeddedIpv4, neverAllowedRule } from './forbidden-address';
import { parseIp } from './ip-address';

/** Why the guard refused an outbound address; returned to the caller in the 422's `detail.rule`. */
export type EgressRule =
  'scheme' | 'private_range' | 'metadata_address' | 'loopback' | 'unresolvable' | 'rebinding';

/** The operator setting that would let a refused address through. */
export type EgressSetting = 'EGRESS_ALLOW_CIDRS' | 'EGRESS_ALLOW_HOSTS';

/** A refusal: the rule for the caller, the reason (which may name an address) for the log only. */
export interface EgressRefusal {
  rule: EgressRule;
  reason: string;
  setting?: EgressSetting;
}

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

// A DNS name: labels of letters, digits and hyphens (an underscore is common in internal names).
const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

function entries(value: string | readonly string[] | undefined): string[] {
  const list = typeof value === 'string' ? value.split(',') : [...(value ?? [])];
  return list.map((entry) => entry.trim()).filter((entry) => entry !== '');
}

function parseCidr(entry: string): Cidr {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  // Only canonical dotted-decimal IPv4 or IPv6: `0x0a.1/8` and the like are typos, not ranges.
  if (isIP(address) === 0) throw new Error(`EGRESS_ALLOW_CIDRS: "${entry}" is not an IP address or CIDR`);
  const bits = slash === -1 ? (isIP(address) === 4 ? 32 : 128) : Number(entry.slice(slash + 1));
  const max = isIP(address) === 4 ? 32 : 128;
  if (slash !== -1 && !/^\d{1,3}$/.test(entry.slice(slash + 1)))
    throw new Error(`EGRESS_ALLOW_CIDRS: "${entry}" has no valid prefix length`);
  if (bits > max) throw new Error(`EGRESS_ALLOW_CIDRS: "${entry}" has a prefix longer than ${max}`);
  return [ipaddr.parse(address), bits];
}

function parseHost(entry: string): string {
  const host = entry.toLowerCase().replace(/\.$/, '');
  const name = host.startsWith('*.') ? host.slice(2) : host;
  if (isIP(name) !== 0)
    throw new Error(`EGRESS_ALLOW_HOSTS: "${entry}" is an address; allow it with EGRESS_ALLOW_CIDRS`);
  if (!HOST_NAME.test(name)) throw new Error(`EGRESS_ALLOW_HOSTS: "${entry}" is not a host name or *.suffix`);
  // `*.com` would open a whole public suffix: a wildcard needs at least two labels.
  if (host.startsWith('*.') && !name.includes('.'))
    throw new Error(`EGRESS_ALLOW_HOSTS: "${entry}" is too broad; a wildcard needs a suffix of two labels`);
  return host;
}

/**
 * What the operator lets through beyond public addresses: private ranges (`EGRESS_ALLOW_CIDRS`)
 * and named hosts whatever private address they resolve to (`EGRESS_ALLOW_HOSTS`, exact names or
 * `*.suffix`). Neither ever allows loopback, unspecified, link-local or cloud metadata addresses.
 * Invalid entries throw at construction, so a typo refuses startup instead of failing closed later.
 */
export class EgressAllowlist {
  readonly cidrs: readonly string[];
  readonly hosts: readonly string[];
  private readonly ranges: readonly Cidr[];

  constructor(cidrs?: string | readonly string[], hosts?: string | readonly string[]) {
    this.ranges = entries(cidrs).map(parseCidr);
    this.cidrs = this.ranges.map(([address, bits]) => `${address.toString()}/${bits}`);
    this.hosts = entries(hosts).map(parseHost);
  }

  get empty(): boolean {
    return this.ranges.length === 0 && this.hosts.length === 0;
  }

  /** True when a listed CIDR covers the address (or the IPv4 address an IPv6 form carries). */
  coversAddress(ip: string): boolean {
    const candidates = [ip];
    const parsed = parseIp(ip);
    const embedded = parsed && embeddedIpv4(parsed);
    if (embedded !== undefined) candidates.push(ipv4Text(embedded.value));
    return candidates.some((text) => {
      const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
      if (!ipaddr.isValid(bare) || isIP(bare) === 0) return false;
      const address = ipaddr.parse(bare);
      return this.ranges.some(
        ([base, bits]) => base.kind() === address.kind() && matches(address, [base, bits]),
      );
    });
  }

  /** True when the host name is listed exactly or under a listed `*.suffix`. */
  coversHost(hostname: string): boolean {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    if (host === '' || isIP(host) !== 0) return false;
    return this.hosts.some((entry) =>
      entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry,
    );
  }
}

function matches(address: ipaddr.IPv4 | ipaddr.IPv6, range: Cidr): boolean {
  return address.kind() === 'ipv4'
    ? (address as ipaddr.IPv4).match(range as [ipaddr.IPv4, number])
    : (address as ipaddr.IPv6).match(range as [ipaddr.IPv6, number]);
}

function ipv4Text(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/**
 * Whether one resolved address may be used: undefined when it may, else the refusal. `host` is the
 * name that resolved to it (undefined for an IP literal), so a listed host and the setting to name
 * can be told apart.
 */
export function addressRefusal(
  address: string,
  options: { allowLoopback: boolean; allowlist: EgressAllowlist; host?: string },
  isForbidden: (ip: string) => boolean,
  isLoopback: (ip: string) => boolean,
): EgressRefusal | undefined {
  if (isLoopback(address)) {
    return options.allowLoopback ? undefined : { rule: 'loopback', reason: `loopback address ${address}` };
  }
  const never = neverAllowedRule(address);
  if (never !== undefined) return { rule: never, reason: `forbidden address ${address} (${never})` };
  if (!isForbidden(address)) return undefined;
  if (options.host !== undefined && options.allowlist.coversHost(options.host)) return undefined;
  if (options.allowlist.coversAddress(address)) return undefined;
  return {
    rule: 'private_range',
    reason: `forbidden address ${address}`,
    setting: options.host === undefined ? 'EGRESS_ALLOW_CIDRS' : 'EGRESS_ALLOW_HOSTS',
  };
}
