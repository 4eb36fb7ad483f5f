import { type Principal } from '../principal/principal-directory';

/** Which budget a route spends: the ordinary one, or the separate `llm` class. */
export type ThrottleClass = 'standard' | 'llm';

/** What the throttle needs of an HTTP exchange (Express's request and response fit). */
export interface ThrottledExchange {
  request: { headers: Record<string, string | string[] | undefined>; socket?: { remoteAddress?: string } };
  response: { setHeader(name: string, value: string | number): unknown };
}

/**
 * The rate-limit port the guard calls on every request, before any credential is judged: an
 * unauthenticated or failed-credential request spends its client-IP prefix's budget (so guessing
 * tokens is throttled), an authenticated one its credential's. Throws the 429 when over budget.
 * Optional: an app without one (tests) is not throttled.
 */
export abstract class RequestThrottle {
  abstract throttle(
    exchange: ThrottledExchange,
    principal: Principal | null,
    throttleClass: ThrottleClass,
  ): Promise<void>;
}
