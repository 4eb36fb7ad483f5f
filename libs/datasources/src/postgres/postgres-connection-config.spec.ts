import { type DatasourceConnection } from '../adapter/datasource-adapter';
import { postgresClientConfig, postgresSsl } from './postgres-connection-config';

const connection: DatasourceConnection = {
  id: null,
  kind: 'postgres',
  config: { host: 'db.example.test', port: 5433, database: 'sales', user: 'reader', sslmode: 'require' },
  credential: { password: 's3cret-pw' },
};

describe('postgresSsl', () => {
  it.each([
    ['disable', false],
    ['prefer', false],
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

  it.each([
    ['no credential', { ...connection, credential: null }],
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
