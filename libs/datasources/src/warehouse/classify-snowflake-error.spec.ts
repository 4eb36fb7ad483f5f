import { type DatasourceErrorClass } from '@dq/contracts';
import { SNOWFLAKE_ERROR_MESSAGES, classifySnowflakeError } from './classify-snowflake-error';

/** An error shaped as snowflake-sdk builds them: `code` is Snowflake's six-digit code as text. */
function snowflakeError(code: string | number, name = 'OperationFailedError', cause?: unknown): Error {
  return Object.assign(new Error('connector text naming acct.snowflakecomputing.com'), { code, name, cause });
}

describe('classifySnowflakeError', () => {
  const table: [string, unknown, DatasourceErrorClass][] = [
    ['incorrect username or password (390100)', snowflakeError('390100'), 'auth'],
    ['user locked (390102)', snowflakeError('390102'), 'auth'],
    ['JWT token invalid (390144)', snowflakeError('390144'), 'auth'],
    ['OAuth token expired (390318)', snowflakeError('390318'), 'auth'],
    ['JWT expired (394304)', snowflakeError('394304'), 'auth'],
    ['key-pair failure (394300)', snowflakeError('394300'), 'auth'],
    ['private key passphrase refused by crypto', snowflakeError('ERR_OSSL_BAD_DECRYPT', 'Error'), 'auth'],
    ['role not granted (390186)', snowflakeError('390186'), 'permission'],
    ['network policy (390422)', snowflakeError('390422'), 'permission'],
    ['insufficient privileges (003001)', snowflakeError('003001'), 'permission'],
    ['object does not exist or not authorized (002003)', snowflakeError('002003'), 'not_found'],
    ['login database does not exist (390201)', snowflakeError('390201'), 'not_found'],
    ['statement timeout (000630)', snowflakeError('000630'), 'timeout'],
    ['statement cancelled (000604)', snowflakeError('000604'), 'timeout'],
    ['syntax error (001003)', snowflakeError('001003'), 'invalid'],
    ['statement count mismatch (000008)', snowflakeError('000008'), 'invalid'],
    ['invalid identifier (000904)', snowflakeError('000904'), 'invalid'],
    ['numeric value not recognized (100038)', snowflakeError('100038'), 'invalid'],
    [
      'connection refused (NetworkError 401001)',
      snowflakeError(401001, 'NetworkError', { code: 'ECONNREFUSED' }),
      'unreachable',
    ],
    ['unknown host', snowflakeError(401001, 'NetworkError', { code: 'ENOTFOUND' }), 'unreachable'],
    [
      'an HTTP answer that is not Snowflake (401002)',
      snowflakeError(401002, 'RequestFailedError'),
      'unreachable',
    ],
    ['guard DNS failure', Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' }), 'unreachable'],
    ['DNS try-again', Object.assign(new Error('getaddrinfo'), { code: 'EAI_AGAIN' }), 'unreachable'],
    [
      'socket cause without a code of its own',
      Object.assign(new Error('x'), { cause: { code: 'ECONNRESET' } }),
      'unreachable',
    ],
    ['a bare network error text', new Error('Network error. Could not reach Snowflake.'), 'unreachable'],
    ['self-signed certificate', snowflakeError('SELF_SIGNED_CERT_IN_CHAIN', 'Error'), 'unreachable'],
    ['not an error object', 'boom', 'invalid'],
    ['null', null, 'invalid'],
  ];

  it.each(table)('%s -> %s', (_label, error, expected) => {
    expect(classifySnowflakeError(error)).toBe(expected);
  });

  it('has one fixed message per class that names nothing specific', () => {
    for (const message of Object.values(SNOWFLAKE_ERROR_MESSAGES)) {
      expect(message).toMatch(/^The /);
      expect(message).not.toMatch(/"|'|@|:\d|snowflakecomputing/);
    }
    expect(SNOWFLAKE_ERROR_MESSAGES.auth).toBe('The datasource refused the credentials');
    expect(SNOWFLAKE_ERROR_MESSAGES.not_found).toContain('may not see it');
  });
});
