import { randomBytes } from 'node:crypto';

/** Prefix of every per-test database and messaging namespace; the teardown sweeps only these. */
export const TEST_NAME_PREFIX = 'dqt_';

// NATS and BullMQ names built from the namespace stay short and safe within this bound.
const MAX_NAMESPACE_LENGTH = 31;
const TIMESTAMP_LENGTH = 8;
const RANDOM_LENGTH = 6;

function randomBase36(length: number): string {
  let out = '';
  while (out.length < length) out += BigInt(`0x${randomBytes(8).toString('hex')}`).toString(36);
  return out.slice(0, length);
}

/**
 * A fresh id: creation time (base36 milliseconds, so a sweeper can tell the age from the name
 * alone, without reading the server's files), a random part, then the optional label.
 * `dqt_<id>` always matches `^[a-z][a-z0-9_]*$` and is at most 31 characters long.
 */
export function newEnvironmentId(label?: string, now: Date = new Date()): string {
  const stamp = now.getTime().toString(36).padStart(TIMESTAMP_LENGTH, '0');
  const base = `${stamp}${randomBase36(RANDOM_LENGTH)}`;
  const room = MAX_NAMESPACE_LENGTH - TEST_NAME_PREFIX.length - base.length - 1;
  const cleanLabel = (label ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, room);
  return cleanLabel ? `${base}_${cleanLabel}` : base;
}

/** When a `dqt_<id>` name was minted, or null when the name was not minted by `newEnvironmentId`. */
export function createdAtOf(name: string): Date | null {
  const match = new RegExp(
    `^${TEST_NAME_PREFIX}([0-9a-z]{${TIMESTAMP_LENGTH}})[0-9a-z]{${RANDOM_LENGTH}}(_|$)`,
  ).exec(name);
  if (!match) return null;
  const millis = parseInt(match[1], 36);
  return Number.isFinite(millis) ? new Date(millis) : null;
}
