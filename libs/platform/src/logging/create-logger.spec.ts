import { Writable } from 'node:stream';
import { createLogger } from './create-logger';
import { runWithLogContext } from './log-context';
import { PinoNestLogger } from './pino-nest-logger';

const PAT = 'svc_live_4kQ9zXw2RtY7uP1mN8bV3cL6hJ0dF5gS2aE9wQ1';
const SESSION = 'svc_sess_Zx81Lm0PqR7sT2uV5wY9';

function capture() {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ service: 'test-service', level: 'trace', destination });
  return {
    logger,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('createLogger', () => {
  it('writes JSON lines with level name, service and message', () => {
    const out = capture();
    out.logger.info({ suite_id: 's1' }, 'hello');
    expect(out.lines()[0]).toMatchObject({
      level: 'info',
      service: 'test-service',
      suite_id: 's1',
      msg: 'hello',
    });
    expect(typeof out.lines()[0].instance_id).toBe('string');
  });

  it('never lets a token through: message, error, nested object, headers', () => {
    const out = capture();
    out.logger.info(`user authenticated with ${PAT}`);
    out.logger.error({ err: new Error(`lookup failed for ${PAT}`) }, 'failed');
    out.logger.warn({ payload: { deep: { list: [`cookie=${SESSION}`] } } }, 'nested');
    out.logger.info({
      req: { headers: { authorization: `Bearer ${PAT}`, cookie: `s=${SESSION}`, 'x-other': 'ok' } },
    });
    out.logger.info({ note: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig' }, 'jwt');
    out.logger.child({ token_hint: PAT }).info('child binding');
    const text = out.text();
    expect(text).not.toContain('svc_live_');
    expect(text).not.toContain('svc_sess_');
    expect(text).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    const lines = out.lines();
    expect(lines).toHaveLength(6);
    expect(lines[0].msg).toBe('[redacted]');
    expect(lines[3]).toMatchObject({
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', 'x-other': 'ok' } },
    });
  });

  it('redacts secret fields by path even when they hold no recognisable token', () => {
    const out = capture();
    out.logger.info({ password: 'p4ss', connection: { secret: 's3cr3t', api_key: 'k3y' }, name: 'kept' });
    const text = out.text();
    for (const secret of ['p4ss', 's3cr3t', 'k3y']) expect(text).not.toContain(secret);
    expect(out.lines()[0].name).toBe('kept');
  });

  it('adds the log context to every line written inside it, and only there', async () => {
    const out = capture();
    await runWithLogContext({ request_id: 'req-1' }, async () => {
      out.logger.info('first');
      await new Promise((resolve) => setImmediate(resolve));
      await runWithLogContext({ job_id: 'job-9' }, async () => out.logger.info('nested'));
    });
    out.logger.info('outside');
    const [first, nested, outside] = out.lines();
    expect(first).toMatchObject({ request_id: 'req-1' });
    expect(nested).toMatchObject({ request_id: 'req-1', job_id: 'job-9' });
    expect(outside.request_id).toBeUndefined();
  });
});

describe('PinoNestLogger', () => {
  it("turns Nest's log calls into JSON lines with their context and stack", () => {
    const out = capture();
    const nest = new PinoNestLogger(out.logger);
    nest.log('Mapped {/x, GET} route', 'RouterExplorer');
    nest.error('boom', 'Error: boom\n    at somewhere (file.ts:1:1)', 'ExceptionsHandler');
    nest.verbose('details');
    expect(out.lines()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'Mapped {/x, GET} route', context: 'RouterExplorer' }),
      expect.objectContaining({
        level: 'error',
        msg: 'boom',
        context: 'ExceptionsHandler',
        stack: expect.stringContaining('at somewhere'),
      }),
      expect.objectContaining({ level: 'trace', msg: 'details' }),
    ]);
  });

  it('writes nothing below the level and does not read the fields of such a line', () => {
    const out = capture();
    out.logger.level = 'warn';
    const nest = new PinoNestLogger(out.logger);
    const fields = {
      get run_id(): string {
        throw new Error('a line below the level was built');
      },
    };
    nest.log(fields, 'RunExecutionService');
    nest.debug(fields);
    nest.warn({ run_id: 'r1', msg: 'kept' }, 'RunExecutionService');
    expect(out.lines()).toEqual([
      expect.objectContaining({ level: 'warn', run_id: 'r1', msg: 'kept', context: 'RunExecutionService' }),
    ]);
  });
});
