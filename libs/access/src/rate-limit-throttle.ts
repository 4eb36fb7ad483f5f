import { Injectable } from '@nestjs/common';
import { type Principal, RequestThrottle, type ThrottleClass, type ThrottledExchange } from '@dq/auth';
import { RateLimiter, applyRateLimitHeaders, rateLimitedError } from '@dq/rate-limit';

/**
 * The budgets of docs/decisions/0016 on every gateway request, shared by replicas through Redis: an
 * authenticated request spends its credential's (API key or session; identity-provider and dev
 * callers their user's) and its user's (so many keys do not multiply a user's budget), anything else its client-IP prefix's; `llm` routes spend the `llm` class
 * per principal and per IP prefix instead.
 */
@Injectable()
export class RateLimitThrottle extends RequestThrottle {
  constructor(private readonly limiter: RateLimiter) {
    super();
  }

  async throttle(
    exchange: ThrottledExchange,
    principal: Principal | null,
    throttleClass: ThrottleClass,
  ): Promise<void> {
    const ipPrefix = this.limiter.clientPrefix(exchange.request);
    const decision = !principal
      ? await this.limiter.consume('unauthenticated', { ipPrefix })
      : throttleClass === 'llm'
        ? await this.limiter.consume('llm', { principal: principal.user.id, ipPrefix })
        : await this.limiter.consume('authenticated', {
            credential: `${principal.credential.kind}:${principal.credential.id ?? principal.user.id}`,
            principal: principal.user.id,
            ipPrefix,
          });
    applyRateLimitHeaders(exchange.response, decision);
    if (!decision.allowed) throw rateLimitedError(decision);
  }
}
