import { Client } from 'pg';
import { PgErrorCode, pgErrorOf } from '../sql/pg-error';
import { databaseNameOf, quoteIdentifier, withDatabase } from './database-url';

/**
 * Creates the database the URL names when it does not exist yet, through the server's `postgres`
 * maintenance database. Safe to race: the loser of two concurrent creates sees `created: false`.
 */
export async function ensureDatabase(url: string): Promise<{ database: string; created: boolean }> {
  const database = databaseNameOf(url);
  const client = new Client({
    connectionString: withDatabase(url, 'postgres'),
    application_name: 'dq-migrate',
  });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount) return { database, created: false };
    try {
      await client.query(`CREATE DATABASE ${quoteIdentifier(database)}`);
      return { database, created: true };
    } catch (error) {
      // A CREATE DATABASE that lost a race to a concurrent one with the same name.
      const state = pgErrorOf(error).code;
      if (state === PgErrorCode.DuplicateDatabase || state === PgErrorCode.UniqueViolation)
        return { database, created: false };
      throw error;
    }
  } finally {
    await client.end();
  }
}
