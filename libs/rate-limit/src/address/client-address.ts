import { formatIp, type IpAddress, parseIp } from './ip-address';
import { TrustedProxies } from './trusted-proxies';

/** What the limiter needs of a request: Express's and Node's requests both fit. */
export interface ClientAddressSource {
  socket?: { remoteAddress?: string | undefined } | null;
  headers: Record<string, string | string[] | undefined>;
}

/** One X-Forwarded-For entry: `ip`, `ip:port` (IPv4) or `[ipv6]:port`. */
function parseForwardedEntry(entry: string): IpAddress | undefined {
  const text = entry.trim();
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    return end === -1 ? undefined : parseIp(text.slice(1, end));
  }
  const colon = text.indexOf(':');
  if (colon !== -1 && colon === text.lastIndexOf(':') && text.includes('.'))
    return parseIp(text.slice(0, colon));
  return parseIp(text);
}

function forwardedEntries(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .filter((entry) => entry.trim() !== '');
}

/**
 * The address of the client as far as it can be trusted. X-Forwarded-For is believed only when the
 * direct peer is a trusted proxy; it is then walked from the right past trusted hops, and the first
 * untrusted hop is the client. An entry that is not an address stops the walk at the last trusted
 * hop, so a client cannot vary garbage to get fresh budgets. Undefined when the socket has no peer.
 */
export function clientAddress(
  request: ClientAddressSource,
  trustedProxies: TrustedProxies | readonly string[],
): string | undefined {
  const trusted =
    trustedProxies instanceof TrustedProxies ? trustedProxies : TrustedProxies.parse(trustedProxies);
  const peer = parseIp(request.socket?.remoteAddress);
  if (!peer) return undefined;
  let client = peer;
  if (trusted.includes(peer)) {
    const hops = forwardedEntries(request.headers['x-forwarded-for']);
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      const hop = parseForwardedEntry(hops[i]);
      if (!hop) break;
      client = hop;
      if (!trusted.includes(hop)) break;
    }
  }
  return formatIp(client);
}
