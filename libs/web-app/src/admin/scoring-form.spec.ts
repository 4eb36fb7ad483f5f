import { parseWeights, sameWeights } from './scoring-form';

describe('parseWeights', () => {
  it('turns typed numbers and numeric text into weights', () => {
    expect(parseWeights({ warn: 1, fail: '2.5', critical: ' 5 ' })).toEqual({
      ok: true,
      weights: { warn: 1, fail: 2.5, critical: 5 },
    });
  });

  it('names each field that is not a number, and sends nothing', () => {
    expect(parseWeights({ warn: '', fail: 'abc', critical: 5 })).toEqual({
      ok: false,
      problems: { warn: 'Enter a number for warn', fail: 'Enter a number for fail' },
    });
  });

  it('leaves the ordering rule to the API: out-of-order weights are still sent', () => {
    expect(parseWeights({ warn: 5, fail: 1, critical: 0 })).toEqual({
      ok: true,
      weights: { warn: 5, fail: 1, critical: 0 },
    });
  });
});

describe('sameWeights', () => {
  const inForce = { warn: 1, fail: 3, critical: 5 };

  it('is true only when every typed value equals the weight in force', () => {
    expect(sameWeights({ warn: 1, fail: '3', critical: 5 }, inForce)).toBe(true);
    expect(sameWeights({ warn: 1, fail: 4, critical: 5 }, inForce)).toBe(false);
    expect(sameWeights({ warn: '', fail: 3, critical: 5 }, inForce)).toBe(false);
  });
});
