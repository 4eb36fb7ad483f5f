import { type DatasourceErrorClass } from '@dq/contracts';
import { POSTGRES_ERROR_MESSAGES, classifyPostgresError } from './classify-postgres-error';

function withCode(code: string, message = 'driver text'): Error {
  return Object.assign(new Error(message), { code });
}

describe('classifyPostgresError', () => {
  const table: [string, unknown, DatasourceErrorClass][] = [
    ['wrong password', withCode('28P01'), 'auth'],
    ['unknown role / no pg_hba entry', withCode('28000'), 'auth'],
    [
      'SCRAM without a usable password',
      new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'),
      'auth',
    ],
    ['missing grant', withCode('42501'), 'permission'],
    ['unknown database', withCode('3D000'), 'not_found'],
    ['unknown table', withCode('42P01'), 'not_found'],
    ['unknown schema', withCode('3F000'), 'not_found'],
    ['statement timeout', withCode('57014'), 'timeout'],
    ['client read timeout', new Error('Query read timeout'), 'timeout'],
    ['refused port', withCode('ECONNREFUSED'), 'unreachable'],
    ['unknown host', withCode('ENOTFOUND'), 'unreachable'],
    ['no route', withCode('EHOSTUNREACH'), 'unreachable'],
    ['socket timeout', withCode('ETIMEDOUT'), 'unreachable'],
    ['connection timeout', new Error('timeout expired'), 'unreachable'],
    ['dropped connection', new Error('Connection terminated unexpectedly'), 'unreachable'],
    ['connection exception class', withCode('08006'), 'unreachable'],
    ['server shutting down', withCode('57P01'), 'unreachable'],
    ['self-signed certificate under verify', withCode('DEPTH_ZERO_SELF_SIGNED_CERT'), 'unreachable'],
    ['write in a read-only transaction', withCode('25006'), 'invalid'],
    ['syntax error', withCode('42601'), 'invalid'],
    ['division by zero (22012)', withCode('22012'), 'invalid'],
    ['invalid text representation (22P02)', withCode('22P02'), 'invalid'],
    ['unknown column', withCode('42703'), 'invalid'],
    ['not an error object', 'boom', 'invalid'],
    ['null', null, 'invalid'],
  ];

  it.each(table)('%s -> %s', (_label, error, expected) => {
    expect(classifyPostgresError(error)).toBe(expected);
  });

  it('has one fixed message per class that names nothing specific', () => {
    for (const message of Object.values(POSTGRES_ERROR_MESSAGES)) {
      expect(message).toMatch(/^The /);
      expect(message).not.toMatch(/"|'|@|:\d/);
    }
    expect(POSTGRES_ERROR_MESSAGES.auth).toBe('The datasource refused the credentials');
  });
});
