import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import {
  type IRateLimiterOptions,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { RateLimitClass, RateLimitRefusalReason } from '@dq/contracts';
import { clientAddress, type ClientAddressSource } from '../address/client-address';
import { ipPrefix } from '../address/ip-prefix';
import {
  decisionOf,
  policyOf,
  RATE_LIMIT_WINDOW_SECONDS,
  type RateLimitDecision,
  strictestDecision,
} from './rate-limit-decision';
import type { ResolvedRateLimitOptions } from './rate-limit.options';

export const RATE_LIMIT_OPTIONS = Symbol('dq:rate-limit-options');

/** What a request is counted by. `ipPrefix` comes from `RateLimiter.clientPrefix(request)`. */
export interface RateLimitKeys {
  /** The API key or session the request authenticated with (an id; hashed before use either way). */
  credential?: string;
  /** The user acting, for the `llm` class. */
  principal?: string;
  ipPrefix: string;
}

/** How long a fail-closed `llm` refusal asks the client to wait: Redis outages are usually short. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;

/** The per-process limiter used while Redis cannot be asked; tells the owner when it steps in. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: IRateLimiterOptions,
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(
    key: string | number,
    points?: number,
    options?: { [key: string]: unknown },
  ): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(key, points, options);
  }
}

interface Budget {
  limiter: RateLimiterRedis;
  limit: number;
}

/** Credentials and user ids never reach Redis in clear: the key is a digest of them. */
function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 32);
}

/**
 * Per-minute budgets shared by every gateway replica through Redis (docs/decisions/0016). While Redis is unreachable, `authenticated` and `unauthenticated` fall back to a
 * per-process budget of the same size; `llm` refuses (fails closed), since it spends real money.
 */
@Injectable()
export class RateLimiter implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly redis: Redis;
  private readonly authenticated: Budget;
  private readonly authenticatedUser: Budget;
  private readonly unauthenticated: Budget;
  private readonly llmPerPrincipal: Budget;
  private readonly llmPerIp: Budget;
  private degraded = false;

  constructor(@Inject(RATE_LIMIT_OPTIONS) private readonly options: ResolvedRateLimitOptions) {
    this.redis = options.createRedis();
    // Without a listener ioredis reports each failed reconnect itself; the outage is logged once below.
    this.redis.on('error', () => this.markDegraded());
    this.redis.on('ready', () => this.markRecovered());
    this.authenticated = this.budget('authenticated', options.authenticatedPerMinute, true);
    this.authenticatedUser = this.budget('authenticated-user', options.authenticatedPerMinute, true);
    this.unauthenticated = this.budget('unauthenticated', options.unauthenticatedPerMinute, true);
    this.llmPerPrincipal = this.budget('llm-principal', options.llmPerPrincipalPerMinute, false);
    this.llmPerIp = this.budget('llm-ip', options.llmPerIpPerMinute, false);
  }

  async onModuleInit(): Promise<void> {
    if (this.redis.status !== 'wait') return;
    // A gateway must start even while Redis is down: it limits per process until Redis answers.
    await this.redis.connect().catch(() => this.markDegraded());
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status === 'end') return;
    if (this.redis.status !== 'ready') {
      this.redis.disconnect();
      return;
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** The budget key of the request's client network (X-Forwarded-For believed only from trusted proxies). */
  clientPrefix(request: ClientAddressSource): string {
    const { trustedProxies, ipv4PrefixLength, ipv6PrefixLength } = this.options;
    return ipPrefix(clientAddress(request, trustedProxies), ipv4PrefixLength, ipv6PrefixLength);
  }

  /** Counts one request against its budget(s) and says whether it may proceed. */
  async consume(kind: RateLimitClass, keys: RateLimitKeys): Promise<RateLimitDecision> {
    switch (kind) {
      case RateLimitClass.Authenticated: {
        if (!keys.credential) throw new Error('an authenticated request is counted by its credential');
        if (keys.principal === undefined) return this.take(this.authenticated, digest(keys.credential));
        // Per credential and per user: a user's many API keys do not multiply the user's budget.
        const [byCredential, byUser] = await Promise.all([
          this.take(this.authenticated, digest(keys.credential)),
          this.take(this.authenticatedUser, digest(keys.principal)),
        ]);
        return strictestDecision(byCredential, byUser);
      }
      case RateLimitClass.Unauthenticated:
        return this.take(this.unauthenticated, keys.ipPrefix);
      case RateLimitClass.Llm: {
        if (!keys.principal) throw new Error('an llm request is counted by its principal');
        try {
          const [byPrincipal, byIp] = await Promise.all([
            this.take(this.llmPerPrincipal, digest(keys.principal)),
            this.take(this.llmPerIp, keys.ipPrefix),
          ]);
          return strictestDecision(byPrincipal, byIp);
        } catch {
          this.markDegraded();
          return this.unavailable(this.llmPerPrincipal.limit);
        }
      }
      default:
        throw new Error(`unknown rate limit class ${String(kind)}`);
    }
  }

  private async take(budget: Budget, key: string): Promise<RateLimitDecision> {
    try {
      return decisionOf(true, budget.limit, await budget.limiter.consume(key));
    } catch (refusal) {
      // Over the limit is an answer; anything else (Redis down, no insurance) is not.
      if (refusal instanceof RateLimiterRes) return decisionOf(false, budget.limit, refusal);
      throw refusal;
    }
  }

  private unavailable(limit: number): RateLimitDecision {
    return {
      allowed: false,
      limit,
      remaining: 0,
      retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
      resetSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
      policy: policyOf(limit),
      reason: RateLimitRefusalReason.LimiterUnavailable,
    };
  }

  private budget(name: string, limit: number, insured: boolean): Budget {
    const common = {
      keyPrefix: `${this.options.keyPrefix}:rate-limit:${name}`,
      points: limit,
      duration: RATE_LIMIT_WINDOW_SECONDS,
    };
    const limiter = new RateLimiterRedis({
      ...common,
      storeClient: this.redis,
      // Not connected: go to the insurance (or fail) at once instead of waiting on a dead socket.
      rejectIfRedisNotReady: true,
      insuranceLimiter: insured ? new InsuranceLimiter(common, () => this.markDegraded()) : undefined,
    });
    return { limiter, limit };
  }

  private markDegraded(): void {
    if (this.degraded) return;
    this.degraded = true;
    this.logger.warn(
      'Redis is unreachable: rate limits fall back to per-process budgets and the llm class refuses',
    );
  }

  private markRecovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.logger.log('Redis is reachable again: rate limits are shared across replicas');
  }
}
