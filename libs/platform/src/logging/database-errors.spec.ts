import { Writable } from 'node:stream';
import { QueryFailedError } from 'typeorm';
import { createLogger } from './create-logger';
import { statementLabel } from './database-errors';

const SEALED = 'v1:k1:c2VhbGVkLWNyZWRlbnRpYWwtY2lwaGVydGV4dA==';
const TOKEN_HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

/** A driver error shaped as node-postgres raises it for a unique violation. */
function uniqueViolation(): Error {
  return Object.assign(
    new Error('duplicate key value violates unique constraint "api_keys_token_hash_key"'),
    {
      name: 'error',
      severity: 'ERROR',
      code: '23505',
      detail: `Key (token_hash)=(${TOKEN_HASH}) already exists.`,
      schema: 'public',
      table: 'api_keys',
      constraint: 'api_keys_token_hash_key',
      routine: '_bt_check_unique',
    },
  );
}

function capture() {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ service: 't', level: 'info', destination }), text: () => chunks.join('') };
}

describe('database errors in logs', () => {
  it("never carries a failed statement's parameters or the row values PostgreSQL repeats", () => {
    const out = capture();
    const failed = new QueryFailedError(
      'INSERT INTO "api_keys"("id", "token_hash", "secret") VALUES ($1, $2, $3)',
      ['8c1f0b8e-0000-4000-8000-000000000001', TOKEN_HASH, SEALED],
      uniqueViolation(),
    );
    out.logger.error({ err: failed }, 'unexpected error while handling a request');
    out.logger.error({ error: new Error('wrapped', { cause: failed }) }, 'consumer failed');
    const text = out.text();
    expect(text).not.toContain(SEALED);
    expect(text).not.toContain(TOKEN_HASH);
    const line = JSON.parse(text.split('\n')[0]) as { err: Record<string, unknown> };
    // What helps an operator stays: the statement's label, the SQLSTATE, the constraint.
    expect(line.err).toMatchObject({
      type: 'QueryFailedError',
      query: 'INSERT INTO "api_keys"',
      code: '23505',
      constraint: 'api_keys_token_hash_key',
    });
    expect(line.err['parameters']).toBeUndefined();
  });

  it('withholds a value PostgreSQL quotes in its message', () => {
    const out = capture();
    const driver = Object.assign(new Error(`invalid input syntax for type uuid: "${TOKEN_HASH}"`), {
      severity: 'ERROR',
      code: '22P02',
    });
    out.logger.error({ err: new QueryFailedError('SELECT 1 WHERE id = $1', [TOKEN_HASH], driver) }, 'x');
    expect(out.text()).not.toContain(TOKEN_HASH);
    expect(out.text()).toContain('invalid input syntax for type uuid');
  });

  it('labels a statement by its verb, and a write by its table', () => {
    expect(statementLabel('  update "connections" SET "x" = $1')).toBe('UPDATE "connections"');
    expect(statementLabel('DELETE FROM suites WHERE id = $1')).toBe('DELETE FROM suites');
    expect(statementLabel('SELECT * FROM users WHERE email = $1')).toBe('SELECT');
    expect(statementLabel(undefined)).toBe('sql');
  });
});
