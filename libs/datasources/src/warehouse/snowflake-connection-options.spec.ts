import { type DatasourceConnection } from '../adapter/datasource-adapter';
import { snowflakeConnectionOptions } from './snowflake-connection-options';
import { nativeDmfAvailable } from './warehouse-adapter';

const URL = 'https://xy12345.eu-west-1.snowflakecomputing.com';
const connection: DatasourceConnection = {
  id: null,
  kind: 'warehouse',
  config: {
    account: 'xy12345.eu-west-1',
    user: 'reader',
    warehouse: 'WH',
    role: 'R',
    database: 'D',
    schema: 'S',
  },
  credential: { password: 's3cret-pw' },
};

describe('snowflakeConnectionOptions', () => {
  it('password auth: every field explicit, one login retry', () => {
    expect(snowflakeConnectionOptions(connection, URL)).toEqual({
      account: 'xy12345.eu-west-1',
      accessUrl: URL,
      username: 'reader',
      warehouse: 'WH',
      role: 'R',
      database: 'D',
      schema: 'S',
      application: 'dq-runner',
      clientSessionKeepAlive: false,
      sfRetryMaxLoginRetries: 1,
      password: 's3cret-pw',
    });
  });

  it('key-pair auth with and without a passphrase', () => {
    const keyed = { ...connection, config: { account: 'org-acct', user: 'u' } };
    expect(
      snowflakeConnectionOptions({ ...keyed, credential: { private_key: 'PEM', passphrase: 'pp' } }, URL),
    ).toMatchObject({ authenticator: 'SNOWFLAKE_JWT', privateKey: 'PEM', privateKeyPass: 'pp' });
    const bare = snowflakeConnectionOptions({ ...keyed, credential: { private_key: 'PEM' } }, URL);
    expect(bare).toMatchObject({ authenticator: 'SNOWFLAKE_JWT', privateKey: 'PEM' });
    expect(bare).not.toHaveProperty('privateKeyPass');
    expect(bare).not.toHaveProperty('password');
  });

  it.each([
    ['no credential', { ...connection, credential: null }],
    [
      'both a password and a key',
      { ...connection, credential: { password: 's3cret-pw', private_key: 'PEM' } },
    ],
    [
      'an account with a slash',
      { ...connection, config: { ...connection.config, account: 'evil.example/x' } },
    ],
    [
      'an account with a port',
      { ...connection, config: { ...connection.config, account: 'evil.example:443' } },
    ],
    [
      'an account with userinfo',
      { ...connection, config: { ...connection.config, account: 'a@evil.example' } },
    ],
    ['an account ending in a dot', { ...connection, config: { ...connection.config, account: 'acct.' } }],
    ['an empty warehouse', { ...connection, config: { ...connection.config, warehouse: '' } }],
    ['a missing user', { ...connection, config: { account: 'acct' } }],
  ])('refuses %s as invalid without echoing the secret', (_label, broken) => {
    try {
      snowflakeConnectionOptions(broken, URL);
      throw new Error('expected a failure');
    } catch (error) {
      expect(error).toMatchObject({ errorClass: 'invalid' });
      expect((error as Error).message).not.toContain('s3cret-pw');
      expect((error as Error).message).not.toContain('evil');
    }
  });
});

describe('nativeDmfAvailable', () => {
  const listed = (...names: string[]): Record<string, unknown>[] => names.map((name) => ({ name }));

  it('is true only when every system DMF the engine calls is listed', () => {
    expect(
      nativeDmfAvailable(
        listed('NULL_COUNT', 'NULL_PERCENT', 'DUPLICATE_COUNT', 'UNIQUE_COUNT', 'ROW_COUNT'),
      ),
    ).toBe(true);
    expect(nativeDmfAvailable(listed('NULL_COUNT', 'NULL_PERCENT', 'DUPLICATE_COUNT'))).toBe(false);
    expect(nativeDmfAvailable([])).toBe(false);
  });
});
