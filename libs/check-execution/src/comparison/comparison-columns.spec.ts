import { planComparisonColumns } from './comparison-runner';

describe('planComparisonColumns', () => {
  it('without compare_columns: the common non-key columns, the rest left out per side', () => {
    expect(
      planComparisonColumns(['id'], undefined, ['id', 'amount', 'label'], ['id', 'amount', 'note']),
    ).toEqual({
      target: { keys: ['id'], columns: ['amount'] },
      baseline: { keys: ['id'], columns: ['amount'] },
      compared: ['amount'],
      notCompared: { target: ['label'], baseline: ['note'] },
    });
  });

  it("matches a name whatever its case, each side read by its own name, reported by the target's", () => {
    expect(planComparisonColumns(['id'], undefined, ['id', 'amount'], ['ID', 'AMOUNT'])).toEqual({
      target: { keys: ['id'], columns: ['amount'] },
      baseline: { keys: ['ID'], columns: ['AMOUNT'] },
      compared: ['amount'],
      notCompared: { target: [], baseline: [] },
    });
  });

  it('prefers the exact name, and takes no case-folded match that is ambiguous', () => {
    expect(planComparisonColumns(['id'], ['a'], ['id', 'a', 'A'], ['id', 'a'])).toMatchObject({
      target: { columns: ['a'] },
      notCompared: { target: ['A'], baseline: [] },
    });
    expect(planComparisonColumns(['id'], ['x'], ['id', 'x'], ['id', 'X', 'x '])).toMatchObject({
      baseline: { columns: ['X'] },
    });
    expect(planComparisonColumns(['id'], ['a'], ['id', 'a'], ['id', 'A', 'a2'])).toMatchObject({
      baseline: { columns: ['A'] },
    });
    expect(planComparisonColumns(['Id'], undefined, ['Id'], ['id', 'ID'])).toEqual({
      missing: { target: [], baseline: ['Id'] },
    });
  });

  it('names every key and named compare column a side lacks', () => {
    expect(
      planComparisonColumns(['id', 'day'], ['amount', 'label'], ['id', 'amount'], ['id', 'label']),
    ).toEqual({
      missing: { target: ['day', 'label'], baseline: ['day', 'amount'] },
    });
  });

  it('compares nothing but presence when the sides share only their keys', () => {
    expect(planComparisonColumns(['id'], undefined, ['id', 'a'], ['id'])).toEqual({
      target: { keys: ['id'], columns: [] },
      baseline: { keys: ['id'], columns: [] },
      compared: [],
      notCompared: { target: ['a'], baseline: [] },
    });
  });
});
