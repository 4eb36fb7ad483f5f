/** Dev-bypass works only when explicitly enabled, only without a presented credential, never in production. */
import { call, GatewayWorld, startApp } from '@dq/testing';

describe('dev-bypass', () => {
  let world: GatewayWorld;

  beforeAll(async () => {
    world = await GatewayWorld.create('dev-bypass');
  });

  afterAll(async () => {
    await world?.close();
  });

  it('refuses to start in production with dev-bypass configured (fail closed)', async () => {
    const gateway = await startApp(
      'api-gateway',
      world.gatewayEnv({ NODE_ENV: 'production', AUTH_DEV_BYPASS_EMAIL: 'dev@example.test' }),
      { waitFor: 'nothing' },
    );
    const exit = await gateway.exited;
    expect(exit.code).not.toBe(0);
    expect(gateway.output.join('\n')).toMatch(/devBypass/);
  });

  it('when enabled outside production, a request without any credential acts as the dev user; a bad one is still 401', async () => {
    const gateway = await world.startGateway({ AUTH_DEV_BYPASS_EMAIL: 'dev@example.test' });
    const api = `${gateway.url}/api/v1`;
    const anonymous = await call(api, 'GET', '/me');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ email: 'dev@example.test', credential: 'dev_bypass' });
    const bad = await call(api, 'GET', '/me', { token: `svc_live_${'z'.repeat(49)}` });
    expect(bad.status).toBe(401);
  });

  it('is off unless configured: no credential is a 401', async () => {
    const gateway = await world.startGateway();
    expect((await call(`${gateway.url}/api/v1`, 'GET', '/me')).status).toBe(401);
  });
});
