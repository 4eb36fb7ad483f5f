import { IsBoolean, IsString } from 'class-validator';
import { BaseServiceConfig } from './base-service-config';
import { ConfigError } from './config-error';
import { describeConfig, loadConfig, loadConfigOrExit } from './load-config';
import { Secret } from './secret.decorator';

class TestServiceConfig extends BaseServiceConfig {
  override PORT = 8099;

  @IsBoolean()
  FEATURE_ENABLED = false;

  @Secret()
  @IsString()
  API_SIGNING_KEY!: string;
}

const validEnv = {
  DATABASE_URL: 'postgres://app:db-pass-123@127.0.0.1:5432/dq',
  REDIS_URL: 'redis://:redis-pass-456@127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
  API_SIGNING_KEY: 'signing-key-789',
};

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error: unknown) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies defaults for unset and empty variables', () => {
    const config = loadConfig(TestServiceConfig, { ...validEnv, LOG_LEVEL: '' });
    expect(config).toBeInstanceOf(TestServiceConfig);
    expect(config.NODE_ENV).toBe('development');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.MESSAGING_NAMESPACE).toBe('dq');
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.PORT).toBe(8099);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(25000);
    expect(config.FEATURE_ENABLED).toBe(false);
  });

  it('converts numbers and booleans', () => {
    const config = loadConfig(TestServiceConfig, {
      ...validEnv,
      PORT: '9100',
      SHUTDOWN_TIMEOUT_MS: '5000',
      FEATURE_ENABLED: 'true',
    });
    expect(config.PORT).toBe(9100);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(5000);
    expect(config.FEATURE_ENABLED).toBe(true);
  });

  it('names every missing and bad variable at once, one per line', () => {
    const error = configError(() =>
      loadConfig(TestServiceConfig, {
        NODE_ENV: 'staging',
        PORT: 'eighty',
        MESSAGING_NAMESPACE: 'Bad-Name',
        FEATURE_ENABLED: 'maybe',
        NATS_URL: 'http://127.0.0.1:4222',
      }),
    );
    const variables = error.problems.map((p) => p.variable).sort();
    expect(variables).toEqual(
      [
        'API_SIGNING_KEY',
        'DATABASE_URL',
        'FEATURE_ENABLED',
        'MESSAGING_NAMESPACE',
        'NATS_URL',
        'NODE_ENV',
        'PORT',
        'REDIS_URL',
      ].sort(),
    );
    const lines = error.message.split('\n').slice(1);
    expect(lines).toHaveLength(variables.length);
    for (const variable of variables)
      expect(lines.some((line) => line.trim().startsWith(`${variable}:`))).toBe(true);
    expect(error.problems.find((p) => p.variable === 'DATABASE_URL')?.problem).toMatch(/required/);
  });

  it('refuses PORT 0 outside NODE_ENV=test and out-of-range ports', () => {
    expect(configError(() => loadConfig(TestServiceConfig, { ...validEnv, PORT: '0' })).problems).toEqual([
      expect.objectContaining({ variable: 'PORT' }),
    ]);
    expect(loadConfig(TestServiceConfig, { ...validEnv, NODE_ENV: 'test', PORT: '0' }).PORT).toBe(0);
    expect(
      configError(() => loadConfig(TestServiceConfig, { ...validEnv, PORT: '70000' })).problems,
    ).toHaveLength(1);
  });

  it('never echoes the value of a secret variable', () => {
    const badSecretUrl = 'mysql://root:hunter2-secret@db:3306/x';
    const error = configError(() =>
      loadConfig(TestServiceConfig, {
        ...validEnv,
        DATABASE_URL: badSecretUrl,
        REDIS_URL: 'not a url hunter3',
      }),
    );
    expect(error.problems.map((p) => p.variable).sort()).toEqual(['DATABASE_URL', 'REDIS_URL']);
    const everything = `${error.message} ${JSON.stringify(error.problems)}`;
    expect(everything).not.toContain('hunter2');
    expect(everything).not.toContain('hunter3');
    expect(everything).toContain('DATABASE_URL');
  });
});

describe('describeConfig', () => {
  it('redacts secrets (and credentials in other URLs) but keeps the rest', () => {
    const config = loadConfig(TestServiceConfig, {
      ...validEnv,
      NATS_URL: 'nats://user:nats-pass@127.0.0.1:4222',
    });
    const described = describeConfig(config);
    const text = JSON.stringify(described);
    expect(described.DATABASE_URL).toBe('[redacted]');
    expect(described.REDIS_URL).toBe('[redacted]');
    expect(described.API_SIGNING_KEY).toBe('[redacted]');
    expect(described.PORT).toBe(8099);
    for (const secret of ['db-pass-123', 'redis-pass-456', 'signing-key-789', 'nats-pass']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('loadConfigOrExit', () => {
  it('writes one fatal JSON line naming the problems (no secret values) and exits 78', () => {
    const written: string[] = [];
    const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const exit = jest.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit called');
    });
    try {
      expect(() =>
        loadConfigOrExit(TestServiceConfig, 'runner', {
          ...validEnv,
          DATABASE_URL: 'mysql://u:topsecret9@h/db',
        }),
      ).toThrow('exit called');
      expect(exit).toHaveBeenCalledWith(78);
      expect(written).toHaveLength(1);
      const line = JSON.parse(written[0]) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 'fatal', msg: 'invalid configuration', service: 'runner' });
      expect(line.problems).toEqual([{ variable: 'DATABASE_URL', problem: expect.any(String) }]);
      expect(written[0]).not.toContain('topsecret9');
    } finally {
      write.mockRestore();
      exit.mockRestore();
    }
  });
});
