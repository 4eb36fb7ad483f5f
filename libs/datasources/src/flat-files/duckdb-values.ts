import {
  DuckDBArrayValue,
  DuckDBBlobValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBUnionValue,
  type DuckDBValue,
} from '@duckdb/node-api';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
// The span `Date` can represent: ±8.64e15 ms around the epoch.
const MAX_DATE_MILLIS = 8_640_000_000_000_000n;

function integer(value: bigint): number | string {
  return value <= MAX_SAFE && value >= -MAX_SAFE ? Number(value) : value.toString();
}

/** A decimal as a number when the double holds it exactly (up to 15 digits), else its exact text. */
function decimal(value: DuckDBDecimalValue): number | string {
  const digits = (value.value < 0n ? -value.value : value.value).toString().length;
  return digits <= 15 ? value.toDouble() : value.toString();
}

/** ISO 8601 UTC with microseconds where there are any; infinities and far dates keep DuckDB's text. */
function isoFromMicros(micros: bigint, fallback: string): string {
  const millis = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  if (millis > MAX_DATE_MILLIS || millis < -MAX_DATE_MILLIS) return fallback;
  const iso = new Date(Number(millis)).toISOString();
  const subMillis = Number(micros - millis * 1000n);
  return subMillis === 0 ? iso : `${iso.slice(0, -1)}${String(subMillis).padStart(3, '0')}Z`;
}

function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/**
 * One DuckDB value as JSON-safe data: integers beyond 2^53 and long decimals as exact strings,
 * timestamps as ISO strings (a TIMESTAMP without zone is read as UTC), BLOBs as base64, NaN and
 * infinities as text, nested values recursively. Dates, times, intervals and UUIDs use DuckDB's text.
 */
export function toJsonSafe(value: DuckDBValue): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return integer(value);
  if (value instanceof DuckDBDecimalValue) return decimal(value);
  if (value instanceof DuckDBTimestampValue || value instanceof DuckDBTimestampTZValue)
    return value.isFinite ? isoFromMicros(value.micros, value.toString()) : value.toString();
  if (value instanceof DuckDBTimestampMillisecondsValue)
    return value.isFinite ? isoFromMicros(value.millis * 1000n, value.toString()) : value.toString();
  if (value instanceof DuckDBTimestampSecondsValue)
    return value.isFinite ? isoFromMicros(value.seconds * 1_000_000n, value.toString()) : value.toString();
  if (value instanceof DuckDBTimestampNanosecondsValue)
    return value.isFinite ? isoFromMicros(value.nanos / 1000n, value.toString()) : value.toString();
  if (value instanceof DuckDBBlobValue) return bytesToBase64(value.bytes);
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue)
    return value.items.map(toJsonSafe);
  if (value instanceof DuckDBStructValue)
    return Object.fromEntries(Object.entries(value.entries).map(([key, item]) => [key, toJsonSafe(item)]));
  if (value instanceof DuckDBMapValue)
    return value.entries.map((entry) => ({ key: toJsonSafe(entry.key), value: toJsonSafe(entry.value) }));
  if (value instanceof DuckDBUnionValue) return toJsonSafe(value.value);
  return value.toString();
}

/** A JSON value read back as text (DuckDB names, types, messages); anything but a string is encoded. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}
