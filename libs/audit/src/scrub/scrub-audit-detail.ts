import { containsToken, REDACTION_CENSOR } from '@dq/platform';

/** Keys whose values never belong in the audit log, whatever they hold. */
export const AUDIT_SECRET_KEY =
  /secret|password|token|authorization|cookie|api[_-]?key|code_hash|credential/i;

/** Deeper than this is cut: an audit detail is a small summary, never a dump. */
const MAX_DEPTH = 16;

/** A string shaped like a credential (`svc_live_…`, `svc_sess_…`, `Bearer …`) becomes `[redacted]`. */
export function scrubAuditText(value: string): string;
export function scrubAuditText(value: string | null): string | null;
export function scrubAuditText(value: string | null): string | null {
  return value !== null && containsToken(value) ? REDACTION_CENSOR : value;
}

/**
 * A JSON-safe copy of `detail` with every secret-named key's value and every credential-shaped
 * string (value or key) replaced by `[redacted]`, at any depth. The caller's object is untouched.
 */
export function scrubAuditDetail(detail: Record<string, unknown> | undefined): Record<string, unknown> {
  if (detail === undefined || detail === null) return {};
  const scrubbed = scrubValue(detail, 0, new WeakSet());
  return isRecord(scrubbed) ? scrubbed : {};
}

function scrubValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubAuditText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined; // functions, symbols, undefined: not JSON
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[truncated]';
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      return value.map((item) => scrubValue(item, depth + 1, seen) ?? null);
    }
    // An error's message can carry anything; keep only what scrubbing lets through.
    const source =
      value instanceof Error
        ? { name: value.name, message: value.message }
        : (value as Record<string, unknown>);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(source)) {
      if (containsToken(key)) {
        out[REDACTION_CENSOR] = REDACTION_CENSOR;
        continue;
      }
      if (AUDIT_SECRET_KEY.test(key)) {
        out[key] = REDACTION_CENSOR;
        continue;
      }
      const scrubbed = scrubValue(item, depth + 1, seen);
      if (scrubbed !== undefined) out[key] = scrubbed;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
