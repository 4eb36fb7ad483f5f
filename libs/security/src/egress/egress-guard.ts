import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP } from 'node:net';
import { Logger } from '@nestjs/common';
import { AppError, ErrorCode } from '@dq/contracts';
import type { LookupAddress } from 'node:dns';
import { EgressAllowlist, type EgressRefusal } from './egress-allowlist';
import {
  type AddressPolicy,
  addressesRefusal,
  createGuardedLookup,
  type GuardedLookupFunction,
  type HostResolver,
  systemResolver,
} from './guarded-lookup';
import { PinnedAgents } from './pinned-agents';

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
  /**
   * Tests only, with the loopback allowance: the PEM CA(s) `https:` sockets trust instead of the
   * system store, so a test peer's self-signed certificate verifies (TLS is never switched off).
   */
  tlsCaForTests?: string | Buffer;
  /** `EGRESS_ALLOW_CIDRS`: private ranges the operator's network needs (comma-separated or a list). */
  allowCidrs?: string | readonly string[];
  /** `EGRESS_ALLOW_HOSTS`: exact names or `*.suffix` that may resolve to private addresses. */
  allowHosts?: string | readonly string[];
  /** DNS resolution; the system resolver unless a test scripts the answers. */
  resolve?: HostResolver;
  logger?: EgressLogger;
}

const MAX_URL_LENGTH = 2048;
// The authority as the user typed it, before the URL parser normalises odd IP forms away.
const RAW_AUTHORITY = /^[a-z][a-z0-9+.-]*:[/\\]{2}([^/\\?#]*)/i;

/** What the guard lets through beyond public addresses, as `/admin/deployment` shows it. */
export interface EgressAllowances {
  allow_cidrs: string[];
  allow_hosts: string[];
  /** The test and development loopback allowance (never on in production). */
  loopback_allowed: boolean;
}

/**
 * The one egress guard for every user-supplied URL and host: `https:` only, every resolved address
 * public or allowed by the operator's allowlist, and the same check again when the socket connects
 * (DNS rebinding). Every refusal is a 422 `url_forbidden` whose detail names the rule and, when the
 * operator can allow it, the setting; the addresses themselves go to the log only.
 */
export class EgressGuard {
  readonly allowLoopbackForTests: boolean;
  readonly allowlist: EgressAllowlist;
  /** Connect-time lookup for `https:` (and for SDK clients that take a `lookup`). */
  readonly lookup: GuardedLookupFunction;
  private readonly httpLookup: GuardedLookupFunction;
  private readonly resolve: HostResolver;
  private readonly logger: EgressLogger;
  private agents?: { https: HttpsAgent; http: HttpAgent };
  private pinned?: PinnedAgents;
  private readonly tlsCaForTests?: string | Buffer;

  constructor(options: EgressGuardOptions = {}) {
    this.allowLoopbackForTests = options.allowLoopbackForTests === true;
    if (this.allowLoopbackForTests && (options.nodeEnv === undefined || options.nodeEnv === 'production')) {
      throw new Error('the egress loopback allowance is for tests only and is refused in production');
    }
    if (options.tlsCaForTests !== undefined && !this.allowLoopbackForTests) {
      throw new Error('a test CA for egress is accepted only with the test loopback allowance');
    }
    this.tlsCaForTests = options.tlsCaForTests;
    this.allowlist = new EgressAllowlist(options.allowCidrs, options.allowHosts);
    this.resolve = options.resolve ?? systemResolver;
    this.logger = options.logger ?? new Logger(EgressGuard.name);
    const onRefused = (host: string, reason: string): void => {
      this.logger.warn(`egress refused at connect time: host=${host} reason=${reason}`);
    };
    this.lookup = createGuardedLookup(this.policy('https:'), this.resolve, onRefused);
    this.httpLookup = createGuardedLookup(this.policy('http:'), this.resolve, onRefused);
  }

  /** The effective allowances, for the deployment view. */
  allowances(): EgressAllowances {
    return {
      allow_cidrs: [...this.allowlist.cidrs],
      allow_hosts: [...this.allowlist.hosts],
      loopback_allowed: this.allowLoopbackForTests,
    };
  }

  /**
   * Checks a user-supplied URL and returns it parsed. Throws 422 `url_forbidden` (detail
   * `{field, rule, setting?}`) for any refusal; a DNS failure (e.g. `ENOTFOUND`) is rethrown as is,
   * since an unknown host is an unreachable datasource, not a forbidden one.
   */
  async assertUrlAllowed(url: string, field = 'url'): Promise<URL> {
    return (await this.checkUrl(url, field)).url;
  }

  /** As `assertUrlAllowed`, also returning the checked addresses so the caller connects to one. */
  async checkUrl(url: string, field = 'url'): Promise<{ url: URL; addresses: LookupAddress[] }> {
    const parsed = this.parse(url, field);
    const addresses = await this.checkedAddresses(
      bareHost(parsed.hostname),
      field,
      this.policy(parsed.protocol),
    );
    return { url: parsed, addresses };
  }

  /**
   * Resolves a bare host (a database's `host`, no scheme) and checks every address it has; returns
   * them so the caller connects to one of these (pinned), never to a second lookup's answer. A
   * socket path or anything that is not a host name or IP address is refused (rule `scheme`).
   */
  async assertHostAllowed(host: string, field = 'host'): Promise<LookupAddress[]> {
    const bare = typeof host === 'string' ? bareHost(host.trim().toLowerCase()) : '';
    if (bare === '' || bare.length > 253 || (isIP(bare) === 0 && !/^[a-z0-9_.-]+$/.test(bare)))
      throw this.refuse(field, { rule: 'scheme', reason: 'not a host name or IP address' });
    return this.checkedAddresses(bare, field, this.policy('https:'));
  }
  /** The connect-time lookup for a protocol (`http:` requires loopback under the allowance). */
  lookupFor(protocol: string): GuardedLookupFunction {
    return protocol === 'http:' ? this.httpLookup : this.lookup;
  }

  /** Shared agents whose sockets only connect to addresses the guard allows. */
  agentFor(protocol: string): HttpsAgent | HttpAgent {
    this.agents ??= {
      https: new HttpsAgent({
        lookup: this.lookup,
        ...(this.tlsCaForTests === undefined ? {} : { ca: this.tlsCaForTests }),
      }),
      http: new HttpAgent({ lookup: this.httpLookup }),
    };
    return protocol === 'http:' ? this.agents.http : this.agents.https;
  }

  /**
   * A keep-alive agent for a URL just checked, pinned to one of its checked `addresses`: its
   * sockets connect there without another lookup and are reused only for the same origin and
   * address (docs/decisions/0048). Check the URL before every request; the pin is per answer.
   */
  pinnedAgentFor(target: URL, addresses: readonly LookupAddress[]): HttpsAgent | HttpAgent {
    this.pinned ??= new PinnedAgents(
      (address, host, protocol) => {
        const bare = bareHost(host);
        return addressesRefusal([address], this.policy(protocol), isIP(bare) === 0 ? bare : undefined)
          ?.reason;
      },
      this.tlsCaForTests === undefined ? {} : { ca: this.tlsCaForTests },
    );
    return this.pinned.agentFor(target, addresses);
  }

  /**
   * Builds the refusal, logging why. A bare reason is a connect-time refusal: the host passed the
   * check before the call and its DNS answer changed when the socket connected (`rebinding`).
   */
  refuse(field: string, why: string | EgressRefusal, host?: string): AppError {
    const refusal: EgressRefusal = typeof why === 'string' ? { rule: 'rebinding', reason: why } : why;
    // Only the host is logged: a path or query may carry a token.
    this.logger.warn(`egress refused: field=${field} host=${host ?? '-'} reason=${refusal.reason}`);
    // The rule and setting only: a resolved internal address is never returned.
    return new AppError(ErrorCode.UrlForbidden, 'URL not allowed', {
      field,
      rule: refusal.rule,
      ...(refusal.setting === undefined ? {} : { setting: refusal.setting }),
    });
  }

  destroy(): void {
    this.agents?.https.destroy();
    this.agents?.http.destroy();
    this.agents = undefined;
    this.pinned?.destroy();
    this.pinned = undefined;
  }

  private policy(protocol: string): AddressPolicy {
    return {
      allowLoopback: this.allowLoopbackForTests,
      requireLoopback: protocol === 'http:',
      allowlist: this.allowlist,
    };
  }

  private async checkedAddresses(
    host: string,
    field: string,
    policy: AddressPolicy,
  ): Promise<LookupAddress[]> {
    const literal = isIP(host) !== 0;
    const addresses = literal ? [{ address: host, family: isIP(host) }] : await this.resolve(host);
    const refusal = addressesRefusal(addresses, policy, literal ? undefined : host);
    if (refusal !== undefined) throw this.refuse(field, refusal, host);
    return addresses;
  }

  private refuseForm(field: string, reason: string, host?: string): AppError {
    return this.refuse(field, { rule: 'scheme', reason }, host);
  }

  private parse(url: string, field: string): URL {
    if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL_LENGTH) {
      throw this.refuseForm(field, 'missing or overlong URL');
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw this.refuseForm(field, 'unparseable URL');
    }
    const host = bareHost(parsed.hostname);
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && this.allowLoopbackForTests)) {
      throw this.refuseForm(field, `scheme ${parsed.protocol} not allowed`, host);
    }
    // Credentials belong in the connection's secret fields, never in a URL that may be logged.
    if (parsed.username !== '' || parsed.password !== '')
      throw this.refuseForm(field, 'userinfo in URL', host);
    if (host === '') throw this.refuseForm(field, 'no host', host);
    const raw = rawHost(url);
    if (raw === undefined) throw this.refuseForm(field, 'authority not in //host form', host);
    // `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` all parse to 127.0.0.1: refuse the odd forms.
    if (isIP(host) === 4 && raw !== host)
      throw this.refuseForm(field, 'IP literal in a non-canonical form', host);
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
