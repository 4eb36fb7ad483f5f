import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-code';
import { QueryInteger } from '../query-integer';

/** A page when the caller names no `limit`, and the most one page may hold. */
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 200;

/** Long enough for a cursor that carries a 200-character name of multi-byte characters. */
const CURSOR_MAX_LENGTH = 2048;

/**
 * `limit` and `cursor` of every paged list. A list's query class extends this one, so its filters
 * and its paging are validated (and described) together.
 */
export class ListPageQuery {
  /** Items on one page: 1 to 200 (default 50). */
  @IsOptional()
  @QueryInteger()
  @IsInt()
  @Min(1)
  @Max(LIST_MAX_LIMIT)
  limit?: number;

  /** The `next_cursor` of the previous page (opaque). */
  @IsOptional()
  @IsString()
  @Length(1, CURSOR_MAX_LENGTH)
  cursor?: string;
}

/** How a keyset value travels in a cursor, checked again when the cursor comes back. */
export type CursorValueType = 'text' | 'uuid' | 'timestamp' | 'integer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Microseconds, so that two rows of one millisecond keep their order across pages. */
const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const INTEGER = /^-?\d{1,18}$/;

function fits(value: unknown, type: CursorValueType): value is string {
  if (typeof value !== 'string') return false;
  switch (type) {
    case 'uuid':
      return UUID.test(value);
    case 'timestamp':
      return EXACT_TIMESTAMP.test(value);
    case 'integer':
      return INTEGER.test(value);
    case 'text':
      return value.length <= 1000;
  }
}

/**
 * Opaque to clients: base64url of `[scope, ...keyset values]`. The scope names the list (and the
 * parent it lists, such as a suite's checks) so a cursor of another list is refused, not misread.
 */
export function encodeListCursor(scope: string, values: readonly string[]): string {
  return Buffer.from(JSON.stringify([scope, ...values]), 'utf8').toString('base64url');
}

/** The keyset values of `raw`; a malformed cursor or one of another list is a 422, never a 500. */
export function decodeListCursor(raw: string, scope: string, types: readonly CursorValueType[]): string[] {
  let decoded: unknown = null;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== types.length + 1 ||
    decoded[0] !== scope ||
    !types.every((type, index) => fits(decoded[index + 1], type))
  ) {
    throw invalidCursorError();
  }
  return (decoded as string[]).slice(1);
}

export function invalidCursorError(field = 'cursor'): AppError {
  return new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
    fields: [{ field, problems: ['must be a next_cursor returned by a previous page of this list'] }],
  });
}
