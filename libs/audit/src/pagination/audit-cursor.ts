import { AppError, ErrorCode, type FieldViolation } from '@dq/contracts';

/** Where a page ends: the exact (microsecond) timestamp and id of its last event. */
export interface AuditCursor {
  occurredAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Opaque to clients; microseconds are kept because a JS Date would lose ties within a millisecond. */
export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.occurredAt}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeAuditCursor(raw: string): AuditCursor {
  const [occurredAt, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !occurredAt || !id || !TIMESTAMP.test(occurredAt) || !isUuid(id)) {
    throw invalidQuery('before', 'must be a next_cursor returned by a previous page');
  }
  return { occurredAt, id };
}

export function invalidQuery(field: string, problem: string): AppError {
  const fields: FieldViolation[] = [{ field, problems: [problem] }];
  return new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
}
