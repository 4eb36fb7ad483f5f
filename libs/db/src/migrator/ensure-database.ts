import { Client } from 'pg';
import { databaseNameOf, quoteIdentifier, withDatabase } from './database-url';

// SQLSTATEs of a CREATE DATABASE that lost a race to a concurrent one with the same name.
const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

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
      const state = sqlState(error);
      if (state === DUPLICATE_DATABASE || state === UNIQUE_VIOLATION) return { database, created: false };
      throw error;
    }
  } finally {
    await client.end();
  }
}
