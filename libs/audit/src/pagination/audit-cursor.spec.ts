import { AppError, ErrorCode } from '@dq/contracts';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';

const cursor = { occurredAt: '2025-06-01T10:20:30.123456Z', id: '0b6f3c1e-8f1a-4c52-9d0e-2a7b5d6e4f11' };

describe('audit cursor', () => {
  it('round-trips the exact timestamp and id', () => {
    const encoded = encodeAuditCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeAuditCursor(encoded)).toEqual(cursor);
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['no id', Buffer.from('2025-06-01T10:20:30.123456Z').toString('base64url')],
    ['bad id', Buffer.from('2025-06-01T10:20:30.123456Z|nope').toString('base64url')],
    ['millisecond timestamp', Buffer.from(`2025-06-01T10:20:30.123Z|${cursor.id}`).toString('base64url')],
    ['injection', Buffer.from(`2025-06-01T10:20:30.123456Z|${cursor.id}'--`).toString('base64url')],
    ['extra part', Buffer.from(`${cursor.occurredAt}|${cursor.id}|x`).toString('base64url')],
  ])('refuses a malformed cursor (%s) as a 422 on `before`', (_label, raw) => {
    let thrown: unknown;
    try {
      decodeAuditCursor(raw);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe(ErrorCode.ValidationFailed);
    expect((thrown as AppError).detail).toEqual({
      fields: [{ field: 'before', problems: [expect.any(String)] }],
    });
  });
});
