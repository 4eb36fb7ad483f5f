import { promises as dnsPromises, type LookupAddress, type LookupOptions } from 'node:dns';
import { EgressRefusedError } from './egress-refused.error';
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
}

export const STRICT_POLICY: AddressPolicy = { allowLoopback: false, requireLoopback: false };

/** Why these addresses are refused under the policy, or undefined when all of them may be used. */
export function refusalReason(
  addresses: readonly LookupAddress[],
  policy: AddressPolicy,
): string | undefined {
  if (addresses.length === 0) return 'host resolved to no address';
  for (const { address } of addresses) {
    const loopback = isLoopbackAddress(address);
    if (policy.requireLoopback && !loopback) return `plain http to non-loopback address ${address}`;
    if (loopback && policy.allowLoopback) continue;
    if (isForbiddenAddress(address)) return `forbidden address ${address}`;
  }
  return undefined;
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
        const reason = refusalReason(all, policy);
        if (reason !== undefined) {
          onRefused?.(hostname, reason);
          callback(new EgressRefusedError(reason), options.all ? [] : '', undefined);
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
