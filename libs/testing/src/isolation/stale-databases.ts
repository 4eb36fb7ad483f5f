import { quoteIdentifier } from '@dq/db';
import { createdAtOf, TEST_NAME_PREFIX } from './environment-id';
import { withAdminClient } from './postgres-admin';

export const STALE_TEST_DATABASE_AGE_MS = 60 * 60 * 1000;

/**
 * Drops test databases a crashed run left behind: only `dqt_` names minted by this harness whose
 * embedded creation time is older than `maxAgeMs`. Younger ones may belong to a run still going.
 */
export async function dropStaleTestDatabases(
  maxAgeMs: number = STALE_TEST_DATABASE_AGE_MS,
  now: Date = new Date(),
): Promise<string[]> {
  return withAdminClient(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 AND NOT datistemplate`,
      [`${TEST_NAME_PREFIX.replace(/_/g, '\\_')}%`],
    );
    const stale = rows
      .map((row) => row.datname)
      .filter((name) => {
        const createdAt = createdAtOf(name);
        return createdAt !== null && now.getTime() - createdAt.getTime() > maxAgeMs;
      });
    for (const name of stale)
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    return stale;
  });
}
