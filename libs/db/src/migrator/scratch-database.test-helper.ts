import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { quoteIdentifier, withDatabase } from './database-url';

// The local PostgreSQL every integration test talks to (tools/infra-up.sh starts it).
const SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A URL naming a database that does not exist yet; `dropScratchDatabase` removes it afterwards.
 * Named like the test harness's databases (`dqt_<base36 ms><random>_<label>`), so the Jest global
 * teardown sweeps any that a crashed run leaves behind.
 */
export function scratchDatabaseUrl(label: string): string {
  const stamp = Date.now().toString(36).padStart(8, '0');
  const random = BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString(36)
    .padStart(6, '0')
    .slice(0, 6);
  return withDatabase(SERVER_URL, `dqt_${stamp}${random}_${label}`);
}

export async function dropScratchDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function databaseExists(url: string): Promise<boolean> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}
