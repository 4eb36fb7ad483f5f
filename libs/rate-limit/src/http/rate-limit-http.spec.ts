import { AppError, ErrorCode } from '@dq/contracts';
import { type RateLimitDecision } from '../limiter/rate-limit-decision';
import { applyRateLimitHeaders, rateLimitedError } from './rate-limit-http';

function headersOf(decision: RateLimitDecision): Record<string, string | number> {
  const headers: Record<string, string | number> = {};
  applyRateLimitHeaders({ setHeader: (name, value) => (headers[name] = value) }, decision);
  return headers;
}

const granted: RateLimitDecision = {
  allowed: true,
  limit: 600,
  remaining: 599,
  retryAfterSeconds: 60,
  resetSeconds: 60,
  policy: '600;w=60',
};

describe('applyRateLimitHeaders', () => {
  it('sets limit, remaining and policy on a granted request, and no Retry-After', () => {
    expect(headersOf(granted)).toEqual({
      'X-RateLimit-Limit': '600',
      'X-RateLimit-Remaining': '599',
      'RateLimit-Policy': '600;w=60',
    });
  });

  it('adds Retry-After on a refusal', () => {
    const refused = {
      ...granted,
      allowed: false,
      limit: 60,
      remaining: 0,
      retryAfterSeconds: 17,
      policy: '60;w=60',
    };
    expect(headersOf(refused)).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '0',
      'RateLimit-Policy': '60;w=60',
      'Retry-After': '17',
    });
  });

  it.each([
    [0, '1'],
    [0.2, '1'],
    [59.01, '60'],
    [3600, '60'],
    [-5, '1'],
    [Number.NaN, '60'],
  ])('clamps Retry-After %d to %s', (retryAfterSeconds, header) => {
    expect(headersOf({ ...granted, allowed: false, retryAfterSeconds })['Retry-After']).toBe(header);
  });

  it('never shows a negative remaining', () => {
    expect(headersOf({ ...granted, remaining: -3 })['X-RateLimit-Remaining']).toBe('0');
  });
});

describe('rateLimitedError', () => {
  it('is a 429 rate_limited with retry_after_seconds only', () => {
    const error = rateLimitedError({ ...granted, allowed: false, retryAfterSeconds: 42 });
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(429);
    expect(error.toBody()).toEqual({
      code: ErrorCode.RateLimited,
      message: 'Too many requests',
      detail: { retry_after_seconds: 42 },
    });
  });

  it.each([
    [0, 1],
    [61, 60],
    [12.3, 13],
  ])('clamps retry_after_seconds %d to %d', (retryAfterSeconds, expected) => {
    expect(rateLimitedError({ ...granted, allowed: false, retryAfterSeconds }).detail).toEqual({
      retry_after_seconds: expected,
    });
  });

  it('does not reveal why the limiter refused', () => {
    const error = rateLimitedError({ ...granted, allowed: false, reason: 'limiter_unavailable' });
    expect(JSON.stringify(error.toBody())).not.toContain('unavailable');
  });
});
