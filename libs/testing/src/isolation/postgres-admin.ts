import { Client } from 'pg';
import { LOCAL_SERVICES, SERVICE_CHECK_TIMEOUT_MS } from './local-services';

/** Runs `work` on a short-lived session on the server's maintenance database. */
export async function withAdminClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({
    connectionString: LOCAL_SERVICES.postgresAdminUrl,
    application_name: 'dq-testing',
    connectionTimeoutMillis: SERVICE_CHECK_TIMEOUT_MS,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(client: Client, name: string): Promise<boolean> {
  return ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
}
