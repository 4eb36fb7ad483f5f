import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP } from 'node:net';
import { Logger } from '@nestjs/common';
import { AppError, ErrorCode } from '@dq/contracts';
import {
  type AddressPolicy,
  createGuardedLookup,
  type GuardedLookupFunction,
  type HostResolver,
  refusalReason,
  systemResolver,
} from './guarded-lookup';

export interface EgressLogger {
  warn(message: string): unknown;
}

export interface EgressGuardOptions {
  /**
   * Lets loopback addresses (and plain `http:` to them) through so tests can reach local peers.
   * Refused at construction unless `nodeEnv` is given and is not `production`.
   */
  allowLoopbackForTests?: boolean;
  nodeEnv?: string;
  /** DNS resolution; the system resolver unless a test scripts the answers. */
  resolve?: HostResolver;
  logger?: EgressLogger;
}

const MAX_URL_LENGTH = 2048;
// The authority as the user typed it, before the URL parser normalises odd IP forms away.
const RAW_AUTHORITY = /^[a-z][a-z0-9+.-]*:[/\\]{2}([^/\\?#]*)/i;

/**
 * The one egress guard for every user-supplied URL: `https:` only, every resolved address public,
 * and the same check again when the socket connects (DNS rebinding). Every refusal is the same 422
 * `url_forbidden`; the reason goes to the log, never to the caller.
 */
export class EgressGuard {
  readonly allowLoopbackForTests: boolean;
  /** Connect-time lookup for `https:` (and for SDK clients that take a `lookup`). */
  readonly lookup: GuardedLookupFunction;
  private readonly httpLookup: GuardedLookupFunction;
  private readonly resolve: HostResolver;
  private readonly logger: EgressLogger;
  private agents?: { https: HttpsAgent; http: HttpAgent };

  constructor(options: EgressGuardOptions = {}) {
    this.allowLoopbackForTests = options.allowLoopbackForTests === true;
    if (this.allowLoopbackForTests && (options.nodeEnv === undefined || options.nodeEnv === 'production')) {
      throw new Error('the egress loopback allowance is for tests only and is refused in production');
    }
    this.resolve = options.resolve ?? systemResolver;
    this.logger = options.logger ?? new Logger(EgressGuard.name);
    const onRefused = (host: string, reason: string): void => {
      this.logger.warn(`egress refused at connect time: host=${host} reason=${reason}`);
    };
    this.lookup = createGuardedLookup(this.policy('https:'), this.resolve, onRefused);
    this.httpLookup = createGuardedLookup(this.policy('http:'), this.resolve, onRefused);
  }

  /**
   * Checks a user-supplied URL and returns it parsed. Throws 422 `url_forbidden` (detail `{field}`)
   * for any refusal; a DNS failure (e.g. `ENOTFOUND`) is rethrown as is, since an unknown host is
   * an unreachable datasource, not a forbidden one.
   */
  async assertUrlAllowed(url: string, field = 'url'): Promise<URL> {
    const parsed = this.parse(url, field);
    const host = bareHost(parsed.hostname);
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await this.resolve(host);
    const reason = refusalReason(addresses, this.policy(parsed.protocol));
    if (reason !== undefined) throw this.refuse(field, reason, host);
    return parsed;
  }

  /** The connect-time lookup for a protocol (`http:` requires loopback under the allowance). */
  lookupFor(protocol: string): GuardedLookupFunction {
    return protocol === 'http:' ? this.httpLookup : this.lookup;
  }

  /** Shared agents whose sockets only connect to addresses the guard allows. */
  agentFor(protocol: string): HttpsAgent | HttpAgent {
    this.agents ??= {
      https: new HttpsAgent({ lookup: this.lookup }),
      http: new HttpAgent({ lookup: this.httpLookup }),
    };
    return protocol === 'http:' ? this.agents.http : this.agents.https;
  }

  /** Builds the single refusal, logging why. */
  refuse(field: string, reason: string, host?: string): AppError {
    // Only the host is logged: a path or query may carry a token.
    this.logger.warn(`egress refused: field=${field} host=${host ?? '-'} reason=${reason}`);
    return new AppError(ErrorCode.UrlForbidden, 'URL not allowed', { field });
  }

  destroy(): void {
    this.agents?.https.destroy();
    this.agents?.http.destroy();
    this.agents = undefined;
  }

  private policy(protocol: string): AddressPolicy {
    return { allowLoopback: this.allowLoopbackForTests, requireLoopback: protocol === 'http:' };
  }

  private parse(url: string, field: string): URL {
    if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL_LENGTH) {
      throw this.refuse(field, 'missing or overlong URL');
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw this.refuse(field, 'unparseable URL');
    }
    const host = bareHost(parsed.hostname);
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && this.allowLoopbackForTests)) {
      throw this.refuse(field, `scheme ${parsed.protocol} not allowed`, host);
    }
    // Credentials belong in the connection's secret fields, never in a URL that may be logged.
    if (parsed.username !== '' || parsed.password !== '') throw this.refuse(field, 'userinfo in URL', host);
    if (host === '') throw this.refuse(field, 'no host', host);
    const raw = rawHost(url);
    if (raw === undefined) throw this.refuse(field, 'authority not in //host form', host);
    // `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` all parse to 127.0.0.1: refuse the odd forms.
    if (isIP(host) === 4 && raw !== host)
      throw this.refuse(field, 'IP literal in a non-canonical form', host);
    return parsed;
  }
}

function bareHost(hostname: string): string {
  const unbracketed = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return unbracketed.endsWith('.') ? unbracketed.slice(0, -1) : unbracketed;
}

function rawHost(url: string): string | undefined {
  const authority = RAW_AUTHORITY.exec(url.trim())?.[1];
  if (authority === undefined) return undefined;
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const host = hostPort.startsWith('[') ? hostPort : hostPort.replace(/:\d*$/, '');
  return bareHost(host.toLowerCase());
}
