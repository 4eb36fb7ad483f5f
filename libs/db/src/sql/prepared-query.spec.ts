import { preparedNameOf } from './prepared-query';

describe('preparedNameOf', () => {
  it('names one text the same every time, and different texts differently', () => {
    const first = preparedNameOf('dq_list', 'SELECT 1');
    expect(first).toMatch(/^dq_list_[0-9a-f]{16}$/);
    expect(preparedNameOf('dq_list', 'SELECT 1')).toBe(first);
    expect(preparedNameOf('dq_list', 'SELECT 2')).not.toBe(first);
  });
});
