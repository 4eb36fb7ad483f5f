import { AppError, ErrorCode, encodeListCursor } from '@dq/contracts';
import { KeysetPage, type KeysetOrder, SqlParams, containsPattern } from './keyset-page';

const BY_NAME: KeysetOrder = {
  scope: 'things',
  direction: 'ASC',
  columns: [
    { sql: 't."name"', type: 'text' },
    { sql: 't."id"', type: 'uuid' },
  ],
};
const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('KeysetPage', () => {
  it('reads one row more than the page and continues after the last row shown', () => {
    const paging = new KeysetPage(BY_NAME, { limit: 2 });
    expect(paging.orderAndLimit()).toBe('ORDER BY t."name" ASC, t."id" ASC LIMIT 3');
    const rows = ['a', 'b', 'c'].map((name) => ({ name, dq_key_0: name, dq_key_1: ID }));
    const page = paging.page(rows);
    expect(page.rows.map((row) => row.name)).toEqual(['a', 'b']);
    expect(page.next_cursor).toBe(encodeListCursor('things', ['b', ID]));
    expect(paging.page(rows.slice(0, 2)).next_cursor).toBeNull();
  });

  it('turns a cursor into a row comparison in the order direction, values as parameters', () => {
    const params = new SqlParams();
    params.add('first');
    const paging = new KeysetPage(BY_NAME, { cursor: encodeListCursor('things', ["o'brien", ID]) });
    expect(paging.condition(params)).toBe('(t."name", t."id") > ($2::text, $3::uuid)');
    expect(params.values).toEqual(['first', "o'brien", ID]);
    const newest = new KeysetPage(
      { scope: 'v', direction: 'DESC', columns: [{ sql: 'v."version"', type: 'integer' }] },
      { cursor: encodeListCursor('v', ['7']) },
    );
    expect(newest.condition(new SqlParams())).toBe('(v."version") < ($1::bigint)');
    expect(new KeysetPage(BY_NAME, {}).condition(new SqlParams())).toBeNull();
  });

  it.each([
    ['not base64 json', 'nope'],
    ['another list', encodeListCursor('others', ['a', ID])],
    ['a key of the wrong type', encodeListCursor('things', ['a', 'not-a-uuid'])],
    ['too few keys', encodeListCursor('things', ['a'])],
    ['not an array', Buffer.from('{"a":1}').toString('base64url')],
  ])('refuses a cursor that is %s with validation_failed on `cursor`', (_what, cursor) => {
    const refused = (() => {
      try {
        return new KeysetPage(BY_NAME, { cursor });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(ErrorCode.ValidationFailed);
    expect((refused as AppError).detail).toEqual({
      fields: [{ field: 'cursor', problems: [expect.any(String)] }],
    });
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('ann')).toBe('%ann%');
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});
