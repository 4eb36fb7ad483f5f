/** Every app shuts down gracefully on SIGTERM: it stops taking work and exits 0. */
import { APP_NAMES, type IsolatedEnvironment, createIsolatedEnvironment, startApp } from '@dq/testing';

describe('graceful shutdown', () => {
  let env: IsolatedEnvironment;

  beforeAll(async () => {
    env = await createIsolatedEnvironment('lifecycle');
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  it.each(APP_NAMES)('%s exits 0 on SIGTERM and logs its start and its stop as JSON lines', async (name) => {
    const app = await startApp(name, { ...env.env, LOG_LEVEL: 'info' });
    const exit = await app.stop('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    const logs = app.jsonLogs();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((line) => typeof line['level'] === 'string' || typeof line['level'] === 'number')).toBe(
      true,
    );
    expect(logs.some((line) => line['msg'] === 'service started')).toBe(true);
  });
});
