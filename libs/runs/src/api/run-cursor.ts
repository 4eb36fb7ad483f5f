import { AppError, ErrorCode } from '@dq/contracts';

/** Where a page of runs ends: the exact (microsecond) creation time and id of its last run. */
export interface RunCursor {
  createdAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Opaque to clients; microseconds are kept because a JS Date would lose ties within a millisecond. */
export function encodeRunCursor(cursor: RunCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeRunCursor(raw: string, field = 'cursor'): RunCursor {
  const [createdAt, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !createdAt || !id || !TIMESTAMP.test(createdAt) || !isUuid(id)) {
    throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
      fields: [{ field, problems: ['must be a next_cursor returned by a previous page'] }],
    });
  }
  return { createdAt, id };
}
