/** Rate limits per minute, shared by two gateway replicas through Redis. */
import { type AppProcess, call, GatewayWorld } from '@dq/testing';

describe('rate limits', () => {
  let world: GatewayWorld;
  let replicas: [AppProcess, AppProcess];

  beforeAll(async () => {
    world = await GatewayWorld.create('rate-limits');
    const limits = { RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '6', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '4' };
    replicas = [await world.startGateway(limits), await world.startGateway(limits)];
  });

  afterAll(async () => {
    await world?.close();
  });

  function expectRefused(result: Awaited<ReturnType<typeof call>>, limit: number): void {
    expect(result.status).toBe(429);
    const body = result.body as { error: { code: string; detail: { retry_after_seconds: number } } };
    expect(body.error.code).toBe('rate_limited');
    const retryAfter = body.error.detail.retry_after_seconds;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(result.headers.get('retry-after')).toBe(String(retryAfter));
    expect(result.headers.get('x-ratelimit-limit')).toBe(String(limit));
    expect(result.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(result.headers.get('ratelimit-policy')).toBe(`${limit};w=60`);
  }

  it('one API key has one budget across both replicas', async () => {
    const token = await world.mintToken('busy@example.test', 'member');
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(await call(`${replicas[i % 2].url}/api/v1`, 'GET', '/me', { token }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual([
      '5',
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    expectRefused(await call(`${replicas[0].url}/api/v1`, 'GET', '/me', { token }), 6);
    expectRefused(await call(`${replicas[1].url}/api/v1`, 'GET', '/me', { token }), 6);

    // Another key has a budget of its own.
    const other = await world.mintToken('calm@example.test', 'member');
    expect((await call(`${replicas[1].url}/api/v1`, 'GET', '/me', { token: other })).status).toBe(200);
  });

  it('unauthenticated and failed-credential requests spend the client address budget', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await call(`${replicas[i % 2].url}/api/v1`, 'GET', '/me', {
        token: `svc_live_${'x'.repeat(49)}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401]);
    expectRefused(await call(`${replicas[0].url}/api/v1`, 'GET', '/me'), 4);
    expectRefused(
      await call(`${replicas[1].url}/api/v1`, 'POST', '/auth/otp/request', {
        body: { email: 'a@example.test' },
      }),
      4,
    );
  });
});
