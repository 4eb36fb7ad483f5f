import { randomBytes } from 'node:crypto';
import { quoteIdentifier } from '@dq/db';
import { newEnvironmentId, TEST_NAME_PREFIX } from './environment-id';
import { databaseExists, withAdminClient } from './postgres-admin';
import { dropStaleTestDatabases, STALE_TEST_DATABASE_AGE_MS } from './stale-databases';

describe('dropStaleTestDatabases', () => {
  const now = new Date();
  const old = `${TEST_NAME_PREFIX}${newEnvironmentId('old', new Date(now.getTime() - STALE_TEST_DATABASE_AGE_MS - 60_000))}`;
  const young = `${TEST_NAME_PREFIX}${newEnvironmentId('young', new Date(now.getTime() - 60_000))}`;
  const unminted = `${TEST_NAME_PREFIX}manual_${randomBytes(4).toString('hex')}`;
  const other = `dqx_${randomBytes(4).toString('hex')}`;
  const names = [old, young, unminted, other];

  beforeAll(async () => {
    await withAdminClient(async (client) => {
      for (const name of names) await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
    });
  });

  afterAll(async () => {
    await withAdminClient(async (client) => {
      for (const name of names)
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    });
  });

  it('drops only harness-minted test databases older than the limit', async () => {
    const dropped = await dropStaleTestDatabases(STALE_TEST_DATABASE_AGE_MS, now);
    // Another Jest run starting meanwhile (its global setup drops stale databases too) may have
    // dropped `old` first: that it is gone is what counts, not who dropped it.
    expect(dropped.filter((name) => names.includes(name))).toEqual(dropped.includes(old) ? [old] : []);
    await withAdminClient(async (client) => {
      expect(await databaseExists(client, old)).toBe(false);
      expect(await databaseExists(client, young)).toBe(true);
      expect(await databaseExists(client, unminted)).toBe(true);
      expect(await databaseExists(client, other)).toBe(true);
      expect(await databaseExists(client, 'postgres')).toBe(true);
    });
  });
});
