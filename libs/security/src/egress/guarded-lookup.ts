import { promises as dnsPromises, type LookupAddress, type LookupOptions } from 'node:dns';
import { EgressRefusedError } from './egress-refused.error';
import { EgressAllowlist, type EgressRefusal, addressRefusal } from './egress-allowlist';
import { isForbiddenAddress, isLoopbackAddress } from './forbidden-address';

/** Resolves a host name to every address it has. Injectable so tests can script DNS answers. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (hostname) =>
  dnsPromises.lookup(hostname, { all: true, verbatim: true });

export interface AddressPolicy {
  /** Loopback addresses pass (test-only allowance). */
  allowLoopback: boolean;
  /** Every address must be loopback (plain `http:` under the test allowance). */
  requireLoopback: boolean;
  /** The operator's private ranges and hosts; none when absent. */
  allowlist?: EgressAllowlist;
}

const NO_ALLOWANCES = new EgressAllowlist();

export const STRICT_POLICY: AddressPolicy = { allowLoopback: false, requireLoopback: false };

/**
 * Why these addresses are refused under the policy, or undefined when all of them may be used.
 * `host` is the name they were resolved from (undefined for an IP literal): a listed host may
 * resolve to private addresses.
 */
export function addressesRefusal(
  addresses: readonly LookupAddress[],
  policy: AddressPolicy,
  host?: string,
): EgressRefusal | undefined {
  if (addresses.length === 0) return { rule: 'unresolvable', reason: 'host resolved to no address' };
  const allowlist = policy.allowlist ?? NO_ALLOWANCES;
  for (const { address } of addresses) {
    if (policy.requireLoopback && !isLoopbackAddress(address))
      return { rule: 'scheme', reason: `plain http to non-loopback address ${address}` };
    const refusal = addressRefusal(
      address,
      { allowLoopback: policy.allowLoopback, allowlist, host },
      isForbiddenAddress,
      isLoopbackAddress,
    );
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

/** The reason alone (for a log line), or undefined when every address may be used. */
export function refusalReason(
  addresses: readonly LookupAddress[],
  policy: AddressPolicy,
  host?: string,
): string | undefined {
  return addressesRefusal(addresses, policy, host)?.reason;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `dns.lookup`-compatible function (for `net`, `http(s).Agent`, undici and SDK clients). */
export type GuardedLookupFunction = (
  hostname: string,
  options: LookupOptions | number | LookupCallback,
  callback?: LookupCallback,
) => void;

/**
 * Builds a lookup that resolves every address of the host and refuses the connection when any is
 * forbidden, so a DNS answer that changed since the URL was checked (rebinding) is caught when the
 * socket connects.
 */
export function createGuardedLookup(
  policy: AddressPolicy = STRICT_POLICY,
  resolve: HostResolver = systemResolver,
  onRefused?: (hostname: string, reason: string) => void,
): GuardedLookupFunction {
  return (hostname, optionsOrCallback, maybeCallback) => {
    const callback = (
      typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback
    ) as LookupCallback;
    const options: LookupOptions =
      typeof optionsOrCallback === 'number'
        ? { family: optionsOrCallback }
        : typeof optionsOrCallback === 'object'
          ? optionsOrCallback
          : {};
    resolve(hostname).then(
      (all) => {
        const refusal = addressesRefusal(all, policy, hostname);
        if (refusal !== undefined) {
          onRefused?.(hostname, refusal.reason);
          callback(new EgressRefusedError(refusal.reason), options.all ? [] : '', undefined);
          return;
        }
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`no IPv${family} address`);
          error.code = 'ENOTFOUND';
          callback(error, options.all ? [] : '', undefined);
        } else if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : '', undefined),
    );
  };
}

/** The strict connect-time lookup: no loopback allowance, system DNS. */
export const guardedLookup: GuardedLookupFunction = createGuardedLookup();
