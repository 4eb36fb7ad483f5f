import type Redis from 'ioredis';
import { RATE_LIMIT_DEFAULTS, resolveRateLimitOptions } from './rate-limit.options';

const fakeRedis = {} as Redis;
const connect = jest.fn(() => fakeRedis);

describe('resolveRateLimitOptions', () => {
  it('applies the budgets of docs/decisions/0016 by default', () => {
    const resolved = resolveRateLimitOptions(
      { redisUrl: 'redis://127.0.0.1:6379', keyPrefix: 'dq' },
      connect,
    );
    expect(resolved).toMatchObject({ keyPrefix: 'dq', ...RATE_LIMIT_DEFAULTS });
    expect(RATE_LIMIT_DEFAULTS).toEqual({
      authenticatedPerMinute: 600,
      unauthenticatedPerMinute: 60,
      llmPerPrincipalPerMinute: 20,
      llmPerIpPerMinute: 60,
      ipv4PrefixLength: 24,
      ipv6PrefixLength: 64,
    });
    expect(resolved.createRedis()).toBe(fakeRedis);
    expect(connect).toHaveBeenCalledWith('redis://127.0.0.1:6379');
  });

  it('uses a given client factory instead of a URL', () => {
    const factory = jest.fn(() => fakeRedis);
    const resolved = resolveRateLimitOptions({ redisClient: factory, keyPrefix: 'dq' }, connect);
    expect(resolved.createRedis()).toBe(fakeRedis);
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ keyPrefix: 'dq' }, 'exactly one of redisUrl and redisClient'],
    [{ keyPrefix: 'dq', redisUrl: 'redis://x', redisClient: () => fakeRedis }, 'exactly one'],
    [{ keyPrefix: '', redisUrl: 'redis://x' }, 'keyPrefix'],
    [{ keyPrefix: 'a b', redisUrl: 'redis://x' }, 'keyPrefix'],
    [{ keyPrefix: 'dq', redisUrl: 'redis://x', authenticatedPerMinute: 0 }, 'authenticatedPerMinute'],
    [{ keyPrefix: 'dq', redisUrl: 'redis://x', llmPerIpPerMinute: 2.5 }, 'llmPerIpPerMinute'],
    [{ keyPrefix: 'dq', redisUrl: 'redis://x', ipv4PrefixLength: 33 }, 'IPv4 prefix length'],
    [{ keyPrefix: 'dq', redisUrl: 'redis://x', ipv6PrefixLength: 129 }, 'IPv6 prefix length'],
    [
      { keyPrefix: 'dq', redisUrl: 'redis://x', trustedProxies: ['10.0.0.0/40'] },
      'trusted proxy "10.0.0.0/40"',
    ],
  ])('refuses %j at boot', (options, message) => {
    expect(() => resolveRateLimitOptions(options, connect)).toThrow(message);
  });
});
