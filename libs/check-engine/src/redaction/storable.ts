/**
 * What a stored result or an answer may hold. PostgreSQL refuses a lone UTF-16 surrogate and the
 * NUL character in `jsonb` (and NUL in `text`), and JSON has no NaN or infinity: a value read from a
 * customer's data can hold any of them, and one such value must never cost a result.
 */

/** Stands in for a character that cannot be stored (a lone surrogate, NUL). */
export const REPLACEMENT_CHARACTER = '\uFFFD';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with each lone surrogate and each NUL replaced by U+FFFD; other text is unchanged. */
export function storableText(text: string): string {
  return text.replace(LONE_SURROGATE, REPLACEMENT_CHARACTER).replaceAll('\0', REPLACEMENT_CHARACTER);
}

/** NaN and the infinities as the strings "NaN", "Infinity", "-Infinity" (JSON would make them null). */
export function storableNumber(value: number): number | string {
  if (Number.isFinite(value)) return value;
  return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
}

/**
 * A copy of `value` that serialises to JSON PostgreSQL's `jsonb` accepts, with the meaning JSON
 * would give it otherwise: texts and keys made storable, non-finite numbers as text, a bigint as a
 * number when exact (else its digits as text), `toJSON` honoured (dates become ISO text), and
 * undefined, functions and symbols left out as JSON leaves them out.
 */
export function storableValue(value: unknown): unknown {
  return storable(value, 0);
}

/** {@link storableValue} of a record (a result's detail, a sample row). */
export function storableRecord(record: Record<string, unknown>): Record<string, unknown> {
  return storable(record, 0) as Record<string, unknown>;
}

// Deeper than any detail we write; a cycle or a runaway structure ends as a marker, not a crash.
const MAX_DEPTH = 64;

function storable(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
      return storableText(value);
    case 'number':
      return storableNumber(value);
    case 'bigint':
      return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    case 'boolean':
      return value;
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      break;
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) return '[too deep]';
  const withJson = value as { toJSON?: unknown };
  if (typeof withJson.toJSON === 'function') {
    const json: unknown = (withJson.toJSON as () => unknown).call(value);
    return json === value ? storablePlain(value as object, depth) : storable(json, depth + 1);
  }
  return storablePlain(value as object, depth);
}

function storablePlain(value: object, depth: number): unknown {
  if (Array.isArray(value)) {
    // JSON writes a left-out element of an array as null.
    return value.map((element) => storable(element, depth + 1) ?? null);
  }
  const out: Record<string, unknown> = {};
  for (const [key, element] of Object.entries(value)) {
    const stored = storable(element, depth + 1);
    if (stored !== undefined) out[storableText(key)] = stored;
  }
  return out;
}
