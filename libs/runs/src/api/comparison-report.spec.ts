import { differencesOf } from './comparison-report.service';

describe('differencesOf', () => {
  it('lists each differing column of a mismatched key with both values, then the one-sided keys', () => {
    const rows = [
      ...differencesOf(
        {
          mismatched: [
            { id: 2, amount: 20, status: 'open' },
            { id: 7, amount: 1.0001, status: 'shipped' },
          ],
          mismatched_baseline: [
            { id: 2, amount: 25, status: 'closed' },
            { id: 7, amount: 1, status: 'lost' },
          ],
          // The comparison judged amount 1.0001 equal to 1 (tolerance): only status differs for 7.
          mismatched_columns: [{ columns: ['amount', 'status'] }, { columns: ['status'] }],
          only_in_target: [{ id: 3, amount: 1, status: null }],
          only_in_baseline: [{ id: 5, amount: 2, status: '[redacted]' }],
        },
        ['id'],
      ),
    ];
    expect(rows).toEqual([
      { side: 'mismatched', key: [2], column: 'amount', targetValue: 20, baselineValue: 25 },
      { side: 'mismatched', key: [2], column: 'status', targetValue: 'open', baselineValue: 'closed' },
      { side: 'mismatched', key: [7], column: 'status', targetValue: 'shipped', baselineValue: 'lost' },
      { side: 'only_in_target', key: [3], column: null, targetValue: null, baselineValue: null },
      { side: 'only_in_baseline', key: [5], column: null, targetValue: null, baselineValue: null },
    ]);
  });

  it('keeps a mismatched key recorded without its baseline side, without guessing the column', () => {
    expect([...differencesOf({ mismatched: [{ a: 1, b: { nested: true } }] }, ['a', 'b'])]).toEqual([
      {
        side: 'mismatched',
        key: [1, '{"nested":true}'],
        column: null,
        targetValue: null,
        baselineValue: null,
      },
    ]);
  });

  it('yields nothing from malformed samples', () => {
    expect([...differencesOf({ mismatched: 'x', only_in_target: [1, null] }, ['id'])]).toEqual([]);
  });
});
