import { Client } from 'pg';
import { type QueryRunner } from 'typeorm';
import { ensureDatabase } from '../migrator/ensure-database';
import { runMigrations } from '../migrator/run-migrations';
import { dropScratchDatabase, scratchDatabaseUrl } from '../migrator/scratch-database.test-helper';
import { UniqueSuiteNames1796500000000 } from './1796500000000-unique-suite-names';

/** A live database that already holds same-named suites: the migration renames, then enforces. */
describe('1796500000000 unique suite names', () => {
  let url: string;
  let client: Client;

  beforeAll(async () => {
    url = scratchDatabaseUrl('suitenames');
    await ensureDatabase(url);
    await runMigrations(url);
    client = new Client({ connectionString: url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await dropScratchDatabase(url);
  });

  const asRunner = { query: (sql: string) => client.query(sql) } as unknown as QueryRunner;

  it('renames every later duplicate with the first free suffix, keeps the oldest, then refuses a duplicate', async () => {
    const migration = new UniqueSuiteNames1796500000000();
    // The database as it was before the migration: no unique index, duplicates present.
    await migration.down(asRunner);
    const [{ id: user }] = (
      await client.query<{ id: string }>(
        `INSERT INTO users (email, display_name) VALUES ('owner@example.test', 'Owner') RETURNING id`,
      )
    ).rows;
    const [{ id: connection }] = (
      await client.query<{ id: string }>(
        `INSERT INTO connections (name, kind, config) VALUES ('db', 'postgres', '{}') RETURNING id`,
      )
    ).rows;
    const long = 'x'.repeat(200);
    const suites: [string, string][] = [
      ['orders', '2026-01-01'],
      ['orders', '2026-01-02'],
      ['orders', '2026-01-03'],
      ['orders (2)', '2026-01-04'], // a real name the first rename must step over
      ['unique', '2026-01-01'],
      [long, '2026-01-01'],
      [long, '2026-01-02'],
    ];
    for (const [name, createdAt] of suites)
      await client.query(
        `INSERT INTO suites (name, connection_id, target, owner_id, created_at) VALUES ($1, $2, 'public.t', $3, $4)`,
        [name, connection, user, createdAt],
      );

    // As the migrator runs it: in a transaction of its own.
    await client.query('BEGIN');
    await migration.up(asRunner);
    await client.query('COMMIT');

    const rows = (
      await client.query<{ name: string; created_at: Date }>(
        `SELECT name, created_at FROM suites ORDER BY created_at, name`,
      )
    ).rows.map((row) => [row.name, row.created_at.toISOString().slice(0, 10)]);
    expect(rows).toEqual([
      ['orders', '2026-01-01'],
      ['unique', '2026-01-01'],
      [long, '2026-01-01'],
      ['orders (3)', '2026-01-02'],
      [`${'x'.repeat(196)} (2)`, '2026-01-02'],
      ['orders (4)', '2026-01-03'],
      ['orders (2)', '2026-01-04'],
    ]);
    await expect(
      client.query(
        `INSERT INTO suites (name, connection_id, target, owner_id) VALUES ('orders', $1, 'public.t', $2)`,
        [connection, user],
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'suites_name_key' });
  });
});
