/** Every app refuses to start on bad configuration, naming each bad or missing variable. */
import { BACKEND_APP_NAMES, startApp } from '@dq/testing';

describe('configuration is validated at boot', () => {
  it.each(BACKEND_APP_NAMES)(
    '%s exits non-zero naming each bad or missing variable, without echoing a secret',
    async (app) => {
      const process = await startApp(
        app,
        {
          NODE_ENV: 'test',
          // DATABASE_URL missing
          REDIS_URL: 'redis://:hunter2-secret@127.0.0.1:6379',
          NATS_URL: 'not a url',
          LOG_LEVEL: 'loud',
        },
        { waitFor: 'nothing' },
      );
      const exit = await process.exited;
      expect(exit.code).not.toBe(0);
      expect(exit.code).not.toBeNull();
      const output = process.output.join('\n');
      for (const variable of ['DATABASE_URL', 'NATS_URL', 'LOG_LEVEL']) expect(output).toContain(variable);
      expect(output).not.toContain('hunter2-secret');
    },
  );

  it('the web host names a bad upstream URL and port', async () => {
    const process = await startApp(
      'web',
      { NODE_ENV: 'test', API_GATEWAY_URL: 'ftp://nowhere', PORT: 'eighty' },
      { waitFor: 'nothing' },
    );
    const exit = await process.exited;
    expect(exit.code).not.toBe(0);
    const output = process.output.join('\n');
    expect(output).toContain('API_GATEWAY_URL');
  });
});
