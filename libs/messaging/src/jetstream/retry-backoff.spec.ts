import { redeliveryDelayMs } from './retry-backoff';

describe('redeliveryDelayMs', () => {
  it('doubles from the base per delivery and stops at the cap', () => {
    const backoff = { baseDelayMs: 100, maxDelayMs: 1_000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => redeliveryDelayMs(n, backoff))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
  });

  it('never overflows for huge delivery counts', () => {
    expect(redeliveryDelayMs(10_000)).toBe(60_000);
  });
});
