import { type Principal } from '../principal/principal-directory';
import { type CredentialResolver } from './credential-resolver';
import { type CredentialHeaders } from './presented-credential';

/** Request headers as Node, Express, fetch-style `Record`s or an MCP transport hand them over. */
export type HeaderBag = Record<string, string | string[] | undefined>;

/**
 * Picks the credential headers out of any transport's headers (names case-insensitive). Repeated
 * `Authorization` values are joined, which no bearer grammar accepts: ambiguity fails closed.
 */
export function credentialHeadersOf(headers: HeaderBag): CredentialHeaders {
  const picked: CredentialHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === 'authorization') picked.authorization = join(picked.authorization, value, ', ');
    else if (lower === 'cookie') picked.cookie = join(picked.cookie, value, '; ');
  }
  return picked;
}

function join(previous: string | undefined, value: string | string[], separator: string): string {
  const values = [...(previous === undefined ? [] : [previous]), ...(Array.isArray(value) ? value : [value])];
  return values.join(separator);
}

/** For transports outside Nest's HTTP pipeline (the MCP gateway): same resolver, same answers. */
export function authenticate(resolver: CredentialResolver, headers: HeaderBag): Promise<Principal> {
  return resolver.resolve(credentialHeadersOf(headers));
}
