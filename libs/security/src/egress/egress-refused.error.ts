/**
 * Raised at connect time (from a guarded `lookup`) when a host resolves to a forbidden address.
 * The reason is for the log line; callers answer 422 `url_forbidden` and never return it.
 */
export class EgressRefusedError extends Error {
  readonly code = 'ERR_EGRESS_REFUSED';

  constructor(readonly reason: string) {
    super('outbound connection refused by the egress guard');
    this.name = 'EgressRefusedError';
  }
}

/** True for a refusal, also when an SDK wrapped it as the `cause` of its own error. */
export function isEgressRefusal(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (
      current instanceof EgressRefusedError ||
      (current as { code?: unknown }).code === 'ERR_EGRESS_REFUSED'
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
