import { ErrorCode, RUN_LIST_MAX_LIMIT } from '@dq/contracts';
import { rowsToReadFor } from './run-reads.service';

describe('rowsToReadFor', () => {
  it('reads at least one row more than the page, rounded up to one of three sizes', () => {
    expect([1, 10, 11, 50, 51, RUN_LIST_MAX_LIMIT].map(rowsToReadFor)).toEqual([
      11,
      11,
      51,
      51,
      RUN_LIST_MAX_LIMIT + 1,
      RUN_LIST_MAX_LIMIT + 1,
    ]);
  });

  it('gives as few distinct sizes (so prepared statements) as there are buckets, whatever the limit', () => {
    const sizes = new Set(
      Array.from({ length: RUN_LIST_MAX_LIMIT }, (_unused, index) => rowsToReadFor(index + 1)),
    );
    expect(sizes.size).toBe(3);
    for (let limit = 1; limit <= RUN_LIST_MAX_LIMIT; limit++)
      expect(rowsToReadFor(limit)).toBeGreaterThan(limit);
  });

  it.each([0, -1, 1.5, RUN_LIST_MAX_LIMIT + 1, Number.NaN])(
    'refuses a limit of %p as a validation error, never writing it into a statement',
    (limit) => {
      expect(() => rowsToReadFor(limit)).toThrow(
        expect.objectContaining({
          code: ErrorCode.ValidationFailed,
          detail: { fields: [{ field: 'limit', problems: [expect.any(String)] }] },
        }),
      );
    },
  );
});
