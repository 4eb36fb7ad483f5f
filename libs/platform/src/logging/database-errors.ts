import pino from 'pino';

/** Keys of a PostgreSQL error that repeat row values (`Key (token_hash)=(…) already exists`). */
const PG_VALUE_KEYS = ['detail', 'where', 'internalQuery', 'internalPosition', 'position'];

/** A value quoted after a colon in a PostgreSQL message: `invalid input syntax for type uuid: "…"`. */
const QUOTED_VALUE = /: "(?:[^"\\]|\\.)*"/g;

/**
 * The statement a failed query ran, as a label without values: its verb and, for a write, its
 * table (`INSERT INTO "api_keys"`); the text itself is left out.
 */
export function statementLabel(query: unknown): string {
  if (typeof query !== 'string') return 'sql';
  const write = /^\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+("[^"]+"|[\w.]+)/i.exec(query);
  if (write) return `${write[1].replace(/\s+/g, ' ').toUpperCase()} ${write[2]}`;
  return /^\s*(\w+)/.exec(query)?.[1].toUpperCase() ?? 'sql';
}

function withoutQuotedValues(text: unknown): unknown {
  return typeof text === 'string' ? text.replace(QUOTED_VALUE, ': "[value withheld]"') : text;
}

function isPostgresError(error: Record<string, unknown>): boolean {
  return (
    typeof error['severity'] === 'string' &&
    typeof error['code'] === 'string' &&
    /^[0-9A-Z]{5}$/.test(error['code'])
  );
}

/** Strips statement parameters and row values from a serialized error tree, in place. */
function scrub(value: unknown, seen: WeakSet<object>): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) scrub(item, seen);
    return;
  }
  const error = value as Record<string, unknown>;
  const failedQuery = 'parameters' in error || error['type'] === 'QueryFailedError';
  if (failedQuery) {
    delete error['parameters'];
    if ('query' in error) error['query'] = statementLabel(error['query']);
  }
  if (isPostgresError(error)) for (const key of PG_VALUE_KEYS) delete error[key];
  if (failedQuery || isPostgresError(error)) {
    error['message'] = withoutQuotedValues(error['message']);
    error['stack'] = withoutQuotedValues(error['stack']);
  }
  for (const item of Object.values(error)) scrub(item, seen);
}

/**
 * pino's error serializer, then the database's share of it withheld: a failed query's parameters
 * (they held a sealed credential and a token hash) and a PostgreSQL error's row values are dropped,
 * the statement is named by a label. Redaction by path cannot do it: the values sit under any key.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error) as unknown;
  scrub(serialized, new WeakSet());
  return serialized;
}
