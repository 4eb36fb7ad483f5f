import { Agent as HttpsAgent, type AgentOptions } from 'node:https';
import type { EgressGuard } from './egress-guard';
import { guardedLookup } from './guarded-lookup';

/**
 * An https Agent whose sockets connect only to addresses the guard allows: hand it (or its
 * `lookup`) to SDK clients so the check holds at connect time, not only when the URL was saved.
 */
export function createGuardedAgent(
  guard?: EgressGuard,
  options: Omit<AgentOptions, 'lookup'> = {},
): HttpsAgent {
  return new HttpsAgent({ ...options, lookup: guard?.lookup ?? guardedLookup });
}
