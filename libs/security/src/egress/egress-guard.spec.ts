import type { LookupAddress } from 'node:dns';
import { AppError, ErrorCode } from '@dq/contracts';
import { EgressGuard } from './egress-guard';
import { EgressRefusedError, isEgressRefusal } from './egress-refused.error';
import {
  createGuardedLookup,
  guardedLookup,
  type GuardedLookupFunction,
  type HostResolver,
} from './guarded-lookup';

const dnsTable: Record<string, LookupAddress[]> = {
  'public.example': [{ address: '93.184.216.34', family: 4 }],
  'dual.example': [
    { address: '93.184.216.34', family: 4 },
    { address: '2606:2800:220:1::1', family: 6 },
  ],
  'mixed.example': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.5', family: 4 },
  ],
  'metadata.example': [{ address: '169.254.169.254', family: 4 }],
  'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'loop.example': [{ address: '127.0.0.1', family: 4 }],
};

const resolve: HostResolver = (hostname) => {
  const answer = dnsTable[hostname];
  if (answer !== undefined) return Promise.resolve(answer);
  const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  error.code = 'ENOTFOUND';
  return Promise.reject(error);
};

function capture(): { lines: string[]; logger: { warn(message: string): void } } {
  const lines: string[] = [];
  return { lines, logger: { warn: (message: string) => void lines.push(message) } };
}

async function refusal(guard: EgressGuard, url: string, field = 'endpoint_url'): Promise<AppError> {
  const error: unknown = await guard.assertUrlAllowed(url, field).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('EgressGuard construction', () => {
  it('refuses the loopback allowance in production or without a NODE_ENV', () => {
    expect(() => new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'production' })).toThrow(
      /tests only/,
    );
    expect(() => new EgressGuard({ allowLoopbackForTests: true })).toThrow(/tests only/);
    expect(new EgressGuard({ allowLoopbackForTests: true, nodeEnv: 'test' }).allowLoopbackForTests).toBe(
      true,
    );
    expect(new EgressGuard({ nodeEnv: 'production' }).allowLoopbackForTests).toBe(false);
  });
});

describe('EgressGuard.assertUrlAllowed', () => {
  const { lines, logger } = capture();
  const strict = new EgressGuard({ resolve, logger });
  const testing = new EgressGuard({ resolve, logger, allowLoopbackForTests: true, nodeEnv: 'test' });

  it.each([
    'https://public.example/path?q=1',
    'https://dual.example:8443/',
    'https://8.8.8.8/',
    'https://[2606:4700:4700::1111]/',
    'https://PUBLIC.example./x',
  ])('allows %s', async (url) => {
    await expect(strict.assertUrlAllowed(url)).resolves.toBeInstanceOf(URL);
  });

  const refused: string[] = [
    'http://public.example/',
    'ftp://public.example/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
    '',
    `https://public.example/${'a'.repeat(3000)}`,
    'https://user:pass@public.example/',
    'https://token@public.example/',
    'https://mixed.example/',
    'https://metadata.example/latest/meta-data/',
    'https://mapped.example/',
    'https://loop.example/',
    'https://127.0.0.1/',
    'https://169.254.169.254/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://[64:ff9b::a00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[fe80::1]/',
    'https://10.1.2.3:443/',
    // odd IPv4 literal forms (the URL parser would normalise them to 127.0.0.1 or a public IP)
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://0x7f.1/',
    'https://0x7f000001/',
    'https://127.1/',
    'https://134744072/', // 8.8.8.8 as a decimal: refused for its form alone
    'https://010.010.010.010/',
    'https://127.0.0.%31/',
  ];

  it.each(refused)('refuses %s with the one url_forbidden error', async (url) => {
    const error = await refusal(strict, url);
    expect(error.code).toBe(ErrorCode.UrlForbidden);
    expect(error.status).toBe(422);
    expect(error.message).toBe('URL not allowed');
    expect(error.detail).toMatchObject({ field: 'endpoint_url' });
    expect(Object.keys(error.detail ?? {}).sort()).toEqual(
      error.detail?.['setting'] === undefined ? ['field', 'rule'] : ['field', 'rule', 'setting'],
    );
  });

  it('logs the reason (without the path) but does not return it', async () => {
    lines.length = 0;
    const error = await refusal(strict, 'https://metadata.example/secret-token-in-path', 'catalog_uri');
    expect(JSON.stringify(error.toBody())).not.toMatch(/169\.254|metadata\.example|secret-token/);
    expect(lines.join('\n')).toMatch(
      /field=catalog_uri host=metadata.example reason=forbidden address 169.254.169.254/,
    );
    expect(lines.join('\n')).not.toContain('secret-token');
  });

  it('refuses localhost through the real resolver without the allowance', async () => {
    const real = new EgressGuard({ logger });
    expect((await refusal(real, 'https://localhost/')).code).toBe(ErrorCode.UrlForbidden);
    expect((await refusal(real, 'http://localhost:8080/')).code).toBe(ErrorCode.UrlForbidden);
  });

  it('rethrows an unknown host as the DNS error (an unreachable datasource, not a forbidden one)', async () => {
    await expect(strict.assertUrlAllowed('https://nowhere.example/')).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });

  describe('with the test-only loopback allowance', () => {
    it.each([
      'http://127.0.0.1:9000/',
      'http://loop.example/',
      'https://loop.example/',
      'http://[::1]:1/',
      'https://public.example/',
    ])('allows %s', async (url) => {
      await expect(testing.assertUrlAllowed(url)).resolves.toBeInstanceOf(URL);
    });

    it.each([
      'http://public.example/',
      'http://mixed.example/',
      'https://mixed.example/',
      'https://metadata.example/',
      'http://0x7f.1/',
      'http://10.0.0.1/',
    ])('still refuses %s', async (url) => {
      expect((await refusal(testing, url)).code).toBe(ErrorCode.UrlForbidden);
    });
  });
});

function lookupOnce(
  lookup: GuardedLookupFunction,
  host: string,
  options: Parameters<GuardedLookupFunction>[1],
): Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }> {
  return new Promise((done) => {
    lookup(host, options, (error, address, family) => done({ error, address, family }));
  });
}

describe('guarded lookup (connect time)', () => {
  const lookup = createGuardedLookup(undefined, resolve);

  it('answers like dns.lookup for allowed hosts, single or all, with a family filter', async () => {
    expect(await lookupOnce(lookup, 'dual.example', {})).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect(await lookupOnce(lookup, 'dual.example', { family: 6 })).toEqual({
      error: null,
      address: '2606:2800:220:1::1',
      family: 6,
    });
    expect((await lookupOnce(lookup, 'dual.example', { all: true })).address).toEqual(
      dnsTable['dual.example'],
    );
    expect((await lookupOnce(lookup, 'public.example', 4)).address).toBe('93.184.216.34');
  });

  it.each(['mixed.example', 'metadata.example', 'mapped.example', 'loop.example'])(
    'refuses %s at connect time',
    async (host) => {
      const { error } = await lookupOnce(lookup, host, { all: true });
      expect(error).toBeInstanceOf(EgressRefusedError);
      expect(isEgressRefusal(error)).toBe(true);
      expect(isEgressRefusal(new Error('wrapped', { cause: error }))).toBe(true);
    },
  );

  it('catches DNS rebinding: public when checked, private when connecting', async () => {
    let calls = 0;
    const rebinding: HostResolver = () =>
      Promise.resolve([{ address: calls++ === 0 ? '93.184.216.34' : '10.0.0.7', family: 4 }]);
    const guard = new EgressGuard({ resolve: rebinding, logger: capture().logger });
    await expect(guard.assertUrlAllowed('https://rebind.example/')).resolves.toBeInstanceOf(URL);
    const { error } = await lookupOnce(guard.lookup, 'rebind.example', {});
    expect(error).toBeInstanceOf(EgressRefusedError);
  });

  it('the exported strict guardedLookup refuses localhost with the system resolver', async () => {
    const { error } = await lookupOnce(guardedLookup, 'localhost', {});
    expect(error).toBeInstanceOf(EgressRefusedError);
  });

  it('passes DNS errors through unchanged', async () => {
    const { error } = await lookupOnce(lookup, 'nowhere.example', {});
    expect(error?.code).toBe('ENOTFOUND');
    expect(isEgressRefusal(error)).toBe(false);
  });
});
