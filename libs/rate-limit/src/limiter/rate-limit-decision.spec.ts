import { decisionOf, type RateLimitDecision, strictestDecision } from './rate-limit-decision';

describe('decisionOf', () => {
  it('maps a granted answer', () => {
    expect(decisionOf(true, 600, { remainingPoints: 12, msBeforeNext: 42_100 })).toEqual({
      allowed: true,
      limit: 600,
      remaining: 12,
      retryAfterSeconds: 43,
      resetSeconds: 43,
      policy: '600;w=60',
    });
  });

  it('maps a refusal with retryAfter in 1..60 and nothing remaining', () => {
    const refused = decisionOf(false, 60, { remainingPoints: 0, msBeforeNext: 59_999 });
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 60, resetSeconds: 60 });
  });

  it.each([
    [0, 1, 0],
    [-1, 1, 0],
    [1, 1, 1],
    [999, 1, 1],
    [1_001, 2, 2],
    [120_000, 60, 60],
  ])('msBeforeNext %d -> retryAfter %d, reset %d', (msBeforeNext, retryAfterSeconds, resetSeconds) => {
    expect(decisionOf(false, 5, { remainingPoints: 0, msBeforeNext })).toMatchObject({
      retryAfterSeconds,
      resetSeconds,
    });
  });
});

describe('strictestDecision', () => {
  const base: RateLimitDecision = {
    allowed: true,
    limit: 20,
    remaining: 10,
    retryAfterSeconds: 30,
    resetSeconds: 30,
    policy: '20;w=60',
  };
  const ip: RateLimitDecision = { ...base, limit: 60, remaining: 5, policy: '60;w=60' };

  it('a refusal of either budget refuses', () => {
    expect(strictestDecision({ ...base, allowed: false }, ip).allowed).toBe(false);
    expect(strictestDecision(base, { ...ip, allowed: false }).allowed).toBe(false);
    expect(strictestDecision(base, { ...ip, allowed: false }).policy).toBe('60;w=60');
  });

  it('of two refusals, the longer wait', () => {
    const first = { ...base, allowed: false, retryAfterSeconds: 10 };
    const second = { ...ip, allowed: false, retryAfterSeconds: 40 };
    expect(strictestDecision(first, second)).toBe(second);
  });

  it('of two grants, the one closer to its limit', () => {
    expect(strictestDecision(base, ip)).toBe(ip);
    expect(strictestDecision({ ...base, remaining: 1 }, ip).limit).toBe(20);
  });
});
