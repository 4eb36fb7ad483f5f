import { grantAtLeast, nextCursorOf } from './suites-api';

describe('suites list paging and grants', () => {
  it("reads the next page's cursor from the Link header", () => {
    expect(nextCursorOf('</api/v1/suites?name=ord&limit=25&cursor=abc-_1>; rel="next"')).toBe('abc-_1');
    expect(nextCursorOf(null)).toBeNull();
    expect(nextCursorOf('</api/v1/suites?cursor=x>; rel="prev"')).toBeNull();
  });

  it('orders grants view < edit < admin < owner', () => {
    expect(grantAtLeast('view', 'edit')).toBe(false);
    expect(grantAtLeast('edit', 'edit')).toBe(true);
    expect(grantAtLeast('edit', 'admin')).toBe(false);
    expect(grantAtLeast('owner', 'admin')).toBe(true);
  });
});
