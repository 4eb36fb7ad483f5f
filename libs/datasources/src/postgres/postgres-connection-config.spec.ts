import { type DatasourceConnection } from '../adapter/datasource-adapter';
import {
  postgresClientConfig,
  postgresSsl,
  postgresSslFallsBack,
  postgresSslMode,
} from './postgres-connection-config';

const connection: DatasourceConnection = {
  id: null,
  kind: 'postgres',
  config: { host: 'db.example.test', port: 5433, database: 'sales', user: 'reader', sslmode: 'require' },
  credential: { password: 's3cret-pw' },
};

describe('postgresSsl', () => {
  it.each([
    ['disable', false],
    // Asks for TLS first; the session falls back to plain when the server declines.
    ['prefer', { rejectUnauthorized: false }],
    ['require', { rejectUnauthorized: false }],
    ['verify-ca', { rejectUnauthorized: true }],
    ['verify-full', { rejectUnauthorized: true }],
  ])('%s', (mode, expected) => {
    expect(postgresSsl(mode)).toEqual(expected);
  });

  it('refuses an unknown mode as invalid', () => {
    expect(() => postgresSsl('allow')).toThrow(expect.objectContaining({ errorClass: 'invalid' }));
  });
});

describe('postgresSslFallsBack', () => {
  const declined = new Error('The server does not support SSL connections');
  it('falls back under prefer only, and only on a TLS failure', () => {
    expect(postgresSslFallsBack('prefer', declined)).toBe(true);
    expect(postgresSslFallsBack('prefer', Object.assign(new Error('x'), { code: 'EPROTO' }))).toBe(true);
    expect(postgresSslFallsBack('require', declined)).toBe(false);
    expect(postgresSslFallsBack('prefer', Object.assign(new Error('auth'), { code: '28P01' }))).toBe(false);
  });
});

describe('postgresClientConfig', () => {
  it('sets every field explicitly, a read-only session and the deadlines of the call', () => {
    expect(postgresClientConfig(connection, 1500)).toEqual({
      host: 'db.example.test',
      port: 5433,
      database: 'sales',
      user: 'reader',
      password: 's3cret-pw',
      ssl: { rejectUnauthorized: false },
      application_name: 'dq-runner',
      connectionTimeoutMillis: 1500,
      statement_timeout: 1500,
      query_timeout: 3500,
      options: '-c default_transaction_read_only=on',
    });
  });

  it('with no credential stored, gives pg a password callback that fails as auth only if the server asks', async () => {
    const config = postgresClientConfig({ ...connection, credential: null }, 1000);
    expect(typeof config.password).toBe('function');
    await expect((config.password as () => Promise<string>)()).rejects.toMatchObject({ errorClass: 'auth' });
  });

  it('defaults a missing sslmode to prefer', () => {
    const { sslmode: _omitted, ...withoutMode } = connection.config;
    const bare = { ...connection, config: withoutMode };
    expect(postgresSslMode(bare)).toBe('prefer');
    expect(postgresClientConfig(bare, 1000).ssl).toEqual({ rejectUnauthorized: false });
  });

  it.each([
    ['an empty password', { ...connection, credential: { password: '' } }],
    ['a port that is text', { ...connection, config: { ...connection.config, port: '5432' } }],
    ['an empty host', { ...connection, config: { ...connection.config, host: '' } }],
  ])('refuses %s as invalid without echoing the secret', (_label, broken) => {
    try {
      postgresClientConfig(broken, 1000);
      throw new Error('expected a failure');
    } catch (error) {
      expect(error).toMatchObject({ errorClass: 'invalid' });
      expect((error as Error).message).not.toContain('s3cret-pw');
      expect((error as Error).message).not.toContain('db.example.test');
    }
  });
});
