import { randomUUID } from 'node:crypto';
import { type INestApplicationContext, Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import Redis from 'ioredis';
import { RateLimitClass, RateLimitRefusalReason } from '@dq/contracts';
import { type IsolatedEnvironment, createIsolatedEnvironment, freePort } from '@dq/testing';
import { RateLimitModule } from './rate-limit.module';
import { type RateLimitOptions } from './rate-limit.options';
import { RateLimiter } from './rate-limiter.service';

const { Authenticated, Unauthenticated, Llm } = RateLimitClass;

describe('RateLimiter', () => {
  let env: IsolatedEnvironment;
  const contexts: INestApplicationContext[] = [];

  /** One Nest context = one gateway replica. */
  async function replica(overrides: Partial<RateLimitOptions> = {}): Promise<RateLimiter> {
    const moduleRef = await Test.createTestingModule({
      imports: [
        RateLimitModule.forRoot({
          redisUrl: env.redisUrl,
          keyPrefix: env.namespace,
          authenticatedPerMinute: 3,
          unauthenticatedPerMinute: 2,
          llmPerPrincipalPerMinute: 2,
          llmPerIpPerMinute: 3,
          ...overrides,
        }),
      ],
    }).compile();
    const context = await moduleRef.init();
    contexts.push(context);
    return context.get(RateLimiter);
  }

  const unique = () => randomUUID();

  beforeAll(async () => {
    env = await createIsolatedEnvironment('rate-limit');
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  it('grants the limit, then refuses the N+1th with retryAfter in 1..60', async () => {
    const limiter = await replica();
    const credential = unique();
    const granted = [];
    for (let i = 0; i < 3; i += 1)
      granted.push(await limiter.consume(Authenticated, { credential, ipPrefix: 'x' }));
    expect(granted.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    expect(granted[0]).toMatchObject({ limit: 3, policy: '3;w=60' });

    const refused = await limiter.consume(Authenticated, { credential, ipPrefix: 'x' });
    expect(refused).toMatchObject({ allowed: false, limit: 3, remaining: 0, policy: '3;w=60' });
    expect(refused.reason).toBeUndefined();
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused.resetSeconds).toBeLessThanOrEqual(60);
  });

  it("a user's credentials share the user's budget as well as each having its own", async () => {
    const limiter = await replica();
    const principal = unique();
    const answers = [];
    for (const credential of ['pat:a', 'pat:b', 'pat:c', 'pat:d'])
      answers.push(
        await limiter.consume(Authenticated, {
          credential: `${principal}:${credential}`,
          principal,
          ipPrefix: 'x',
        }),
      );
    expect(answers.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(answers.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    // Another user's key is not charged for them.
    expect(
      (await limiter.consume(Authenticated, { credential: 'pat:e', principal: unique(), ipPrefix: 'x' }))
        .allowed,
    ).toBe(true);
  });

  it('two replicas share one budget', async () => {
    const [a, b] = [await replica(), await replica()];
    const credential = unique();
    const decisions = [];
    for (const limiter of [a, b, a, b, a]) {
      decisions.push((await limiter.consume(Authenticated, { credential, ipPrefix: 'x' })).allowed);
    }
    expect(decisions).toEqual([true, true, true, false, false]);

    const prefix = `198.51.${Math.floor(Math.random() * 250)}.0/24`;
    expect((await a.consume(Unauthenticated, { ipPrefix: prefix })).allowed).toBe(true);
    expect((await b.consume(Unauthenticated, { ipPrefix: prefix })).allowed).toBe(true);
    expect((await a.consume(Unauthenticated, { ipPrefix: prefix })).allowed).toBe(false);
  });

  it('a client factory connection shares the budget of a URL connection', async () => {
    const byUrl = await replica();
    const byFactory = await replica({
      redisUrl: undefined,
      redisClient: () => new Redis(env.redisUrl, { lazyConnect: true, enableOfflineQueue: false }),
    });
    const credential = unique();
    for (const limiter of [byUrl, byFactory, byUrl]) {
      expect((await limiter.consume(Authenticated, { credential, ipPrefix: 'x' })).allowed).toBe(true);
    }
    expect((await byFactory.consume(Authenticated, { credential, ipPrefix: 'x' })).allowed).toBe(false);
  });

  it('different keys and classes have separate budgets', async () => {
    const limiter = await replica();
    const [first, second] = [unique(), unique()];
    for (let i = 0; i < 4; i += 1) await limiter.consume(Authenticated, { credential: first, ipPrefix: 'x' });
    expect((await limiter.consume(Authenticated, { credential: first, ipPrefix: 'x' })).allowed).toBe(false);

    expect(await limiter.consume(Authenticated, { credential: second, ipPrefix: 'x' })).toMatchObject({
      allowed: true,
      remaining: 2,
    });
    // The IP budget of unauthenticated requests is untouched by the authenticated ones.
    expect(await limiter.consume(Unauthenticated, { ipPrefix: 'x' })).toMatchObject({
      allowed: true,
      remaining: 1,
    });
    expect(await limiter.consume(Unauthenticated, { ipPrefix: 'y' })).toMatchObject({
      allowed: true,
      remaining: 1,
    });
  });

  it('llm: both the principal and the IP budget must pass', async () => {
    const limiter = await replica();
    const principal = unique();
    const [ip1, ip2, ip3] = [unique(), unique(), unique()];
    // Principal budget (2) across different networks.
    expect((await limiter.consume(Llm, { principal, ipPrefix: ip1 })).allowed).toBe(true);
    expect((await limiter.consume(Llm, { principal, ipPrefix: ip2 })).allowed).toBe(true);
    const overPrincipal = await limiter.consume(Llm, { principal, ipPrefix: ip3 });
    expect(overPrincipal).toMatchObject({ allowed: false, limit: 2, policy: '2;w=60' });
    expect(overPrincipal.reason).toBeUndefined();

    // IP budget (3) across different principals; ip3 already spent one above.
    expect((await limiter.consume(Llm, { principal: unique(), ipPrefix: ip3 })).allowed).toBe(true);
    expect((await limiter.consume(Llm, { principal: unique(), ipPrefix: ip3 })).allowed).toBe(true);
    const overIp = await limiter.consume(Llm, { principal: unique(), ipPrefix: ip3 });
    expect(overIp).toMatchObject({ allowed: false, limit: 3, policy: '3;w=60' });

    // The llm class does not spend the ordinary budgets.
    expect(await limiter.consume(Unauthenticated, { ipPrefix: ip3 })).toMatchObject({
      allowed: true,
      remaining: 1,
    });
  });

  it('never writes a credential or principal to Redis in clear', async () => {
    const limiter = await replica();
    const credential = `svc_live_${unique().replace(/-/g, '')}`;
    const principal = unique();
    await limiter.consume(Authenticated, { credential, ipPrefix: 'x' });
    await limiter.consume(Llm, { principal, ipPrefix: 'x' });

    const redis = new Redis(env.redisUrl);
    try {
      const keys = await redis.keys(`${env.namespace}:*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join('\n')).not.toContain(credential);
      expect(keys.join('\n')).not.toContain('svc_live_');
      expect(keys.join('\n')).not.toContain(principal);
    } finally {
      await redis.quit();
    }
  });

  describe('with Redis unreachable', () => {
    async function unreachableReplica(): Promise<RateLimiter> {
      return replica({ redisUrl: `redis://127.0.0.1:${await freePort()}` });
    }

    it('authenticated and unauthenticated still limit, per process; llm refuses; the outage is logged once', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const limiter = await unreachableReplica();
      const credential = unique();

      const decisions = [];
      for (let i = 0; i < 4; i += 1)
        decisions.push(await limiter.consume(Authenticated, { credential, ipPrefix: 'x' }));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
      expect(decisions[3].retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(decisions[3].retryAfterSeconds).toBeLessThanOrEqual(60);

      expect((await limiter.consume(Unauthenticated, { ipPrefix: 'x' })).allowed).toBe(true);
      expect((await limiter.consume(Unauthenticated, { ipPrefix: 'x' })).allowed).toBe(true);
      expect((await limiter.consume(Unauthenticated, { ipPrefix: 'x' })).allowed).toBe(false);

      const llm = await limiter.consume(Llm, { principal: unique(), ipPrefix: unique() });
      expect(llm).toMatchObject({
        allowed: false,
        remaining: 0,
        reason: RateLimitRefusalReason.LimiterUnavailable,
      });
      expect(llm.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(llm.retryAfterSeconds).toBeLessThanOrEqual(60);

      const outageLines = warn.mock.calls.filter(([message]) =>
        String(message).includes('Redis is unreachable'),
      );
      expect(outageLines).toHaveLength(1);
    });

    it('each process has its own fallback budget', async () => {
      jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const [a, b] = [await unreachableReplica(), await unreachableReplica()];
      const credential = unique();
      for (let i = 0; i < 3; i += 1) await a.consume(Authenticated, { credential, ipPrefix: 'x' });
      expect((await a.consume(Authenticated, { credential, ipPrefix: 'x' })).allowed).toBe(false);
      expect((await b.consume(Authenticated, { credential, ipPrefix: 'x' })).allowed).toBe(true);
    });
  });

  it('computes the client prefix with the configured trusted proxies and lengths', async () => {
    const limiter = await replica({ trustedProxies: ['10.0.0.0/8'], ipv4PrefixLength: 16 });
    const request = {
      socket: { remoteAddress: '::ffff:10.1.2.3' },
      headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.77' },
    };
    expect(limiter.clientPrefix(request)).toBe('198.51.0.0/16');
    expect(limiter.clientPrefix({ ...request, socket: { remoteAddress: '203.0.113.9' } })).toBe(
      '203.0.0.0/16',
    );
  });
});
