import type { LookupAddress } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { EgressRefusedError } from './egress-refused.error';
import type { GuardedLookupFunction } from './guarded-lookup';

/** Why the pinned address may not be used for this host now, or undefined when it may. */
export type PinnedAddressCheck = (
  address: LookupAddress,
  host: string,
  protocol: string,
) => string | undefined;

export interface PinnedAgentsOptions {
  /** A kept-alive socket unused this long is closed; an agent unused this long is dropped. */
  idleMs?: number;
  /** Agents kept at most; the least recently used idle ones go first beyond it. */
  maxAgents?: number;
  /** Tests only: the CA `https:` sockets trust (see `EgressGuardOptions.tlsCaForTests`). */
  ca?: string | Buffer;
}

/** Below the 5 s keep-alive timeout common servers (Node's own) use, so a reused socket is rarely stale. */
export const DEFAULT_PINNED_IDLE_MS = 4_000;
const DEFAULT_MAX_AGENTS = 256;

interface PooledAgent {
  agent: HttpAgent | HttpsAgent;
  lastUsed: number;
}

/**
 * Keep-alive agents, one per (origin, checked address): a socket is only ever reused for the same
 * scheme, host and port AND the address that host's last check answered, and every socket connects
 * to that address without a second DNS lookup (docs/decisions/0048). The caller checks the URL and
 * its addresses before each request; an answer that changed picks (or makes) another agent.
 */
export class PinnedAgents {
  private readonly agents = new Map<string, PooledAgent>();
  private readonly idleMs: number;
  private readonly maxAgents: number;
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly check: PinnedAddressCheck,
    private readonly options: PinnedAgentsOptions = {},
  ) {
    this.idleMs = options.idleMs ?? DEFAULT_PINNED_IDLE_MS;
    this.maxAgents = options.maxAgents ?? DEFAULT_MAX_AGENTS;
  }

  /**
   * The agent for this URL pinned to one of `addresses` (all of them already checked): one that
   * already has a pool when the answer holds several, else the first.
   */
  agentFor(target: URL, addresses: readonly LookupAddress[]): HttpAgent | HttpsAgent {
    if (addresses.length === 0) throw new EgressRefusedError('host resolved to no address');
    const origin = `${target.protocol}//${target.host}`;
    const pinned = addresses.find((a) => this.agents.has(keyOf(origin, a))) ?? addresses[0];
    const key = keyOf(origin, pinned);
    let entry = this.agents.get(key);
    if (entry === undefined) {
      this.evictBeyondCap();
      entry = { agent: this.create(target.protocol, pinned), lastUsed: Date.now() };
      this.agents.set(key, entry);
      this.startSweeper();
    }
    entry.lastUsed = Date.now();
    return entry.agent;
  }

  /** How many agents (distinct origin and address pairs) are kept. */
  get size(): number {
    return this.agents.size;
  }

  destroy(): void {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
    for (const { agent } of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private create(protocol: string, pinned: LookupAddress): HttpAgent | HttpsAgent {
    const lookup = this.pinnedLookup(protocol, pinned);
    // `timeout` closes a kept-alive socket idle that long; a request's own deadline is guardedFetch's.
    const common = { keepAlive: true, timeout: this.idleMs, scheduling: 'lifo' as const, lookup };
    if (protocol === 'http:') return new HttpAgent(common);
    return new HttpsAgent({ ...common, ...(this.options.ca === undefined ? {} : { ca: this.options.ca }) });
  }

  /** Answers every connect with the pinned address, checked again for the host being connected. */
  private pinnedLookup(protocol: string, pinned: LookupAddress): GuardedLookupFunction {
    return (hostname, optionsOrCallback, maybeCallback) => {
      const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback)!;
      const all = typeof optionsOrCallback === 'object' && optionsOrCallback.all === true;
      const refusal = this.check(pinned, hostname, protocol);
      if (refusal !== undefined) {
        process.nextTick(() => callback(new EgressRefusedError(refusal), all ? [] : '', undefined));
        return;
      }
      process.nextTick(() =>
        all ? callback(null, [pinned]) : callback(null, pinned.address, pinned.family),
      );
    };
  }

  private startSweeper(): void {
    if (this.sweeper !== undefined) return;
    this.sweeper = setInterval(() => this.sweep(), this.idleMs);
    this.sweeper.unref();
  }

  /** Drops agents unused for the idle time with nothing in flight. */
  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.agents) {
      if (now - entry.lastUsed >= this.idleMs && !busy(entry.agent)) {
        entry.agent.destroy();
        this.agents.delete(key);
      }
    }
    if (this.agents.size === 0 && this.sweeper !== undefined) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  private evictBeyondCap(): void {
    if (this.agents.size < this.maxAgents) return;
    const idle = [...this.agents.entries()]
      .filter(([, entry]) => !busy(entry.agent))
      .sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    for (const [key, entry] of idle.slice(0, this.agents.size - this.maxAgents + 1)) {
      entry.agent.destroy();
      this.agents.delete(key);
    }
  }
}

function keyOf(origin: string, address: LookupAddress): string {
  return `${origin}|${address.address}`;
}

/** An agent with a socket in use or a request waiting for one. */
function busy(agent: HttpAgent): boolean {
  return Object.keys(agent.sockets).length > 0 || Object.keys(agent.requests).length > 0;
}
