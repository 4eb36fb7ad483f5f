import { Client } from 'pg';
import { type QueryRunner } from 'typeorm';
import { ensureDatabase } from '../migrator/ensure-database';
import { runMigrations } from '../migrator/run-migrations';
import { dropScratchDatabase, scratchDatabaseUrl } from '../migrator/scratch-database.test-helper';
import { AddSuiteFileEncoding1796400000000 } from './1796400000000-add-suite-file-encoding';

/** The suite's file encoding: null by default, one of the three DuckDB reads, nothing else. */
describe('1796400000000 suite file encoding', () => {
  let url: string;
  let client: Client;
  let connection: string;
  let user: string;

  beforeAll(async () => {
    url = scratchDatabaseUrl('fileencoding');
    await ensureDatabase(url);
    await runMigrations(url);
    client = new Client({ connectionString: url });
    await client.connect();
    [{ id: user }] = (
      await client.query<{ id: string }>(
        `INSERT INTO users (email, display_name) VALUES ('owner@example.test', 'Owner') RETURNING id`,
      )
    ).rows as [{ id: string }];
    [{ id: connection }] = (
      await client.query<{ id: string }>(
        `INSERT INTO connections (name, kind, config) VALUES ('lake', 'object_store', '{}') RETURNING id`,
      )
    ).rows as [{ id: string }];
  });

  afterAll(async () => {
    await client?.end();
    await dropScratchDatabase(url);
  });

  const asRunner = { query: (sql: string) => client.query(sql) } as unknown as QueryRunner;

  const insert = (name: string, encoding: string | null) =>
    client.query<{ file_encoding: string | null }>(
      `INSERT INTO suites (name, connection_id, target, owner_id, file_encoding)
       VALUES ($1, $2, 'landing/a.csv', $3, $4) RETURNING file_encoding`,
      [name, connection, user, encoding],
    );

  it('keeps null (UTF-8) unless set, takes utf-8, utf-16 and latin-1, and refuses any other name', async () => {
    const plain = await client.query<{ file_encoding: string | null }>(
      `INSERT INTO suites (name, connection_id, target, owner_id) VALUES ('plain', $1, 'a.csv', $2) RETURNING file_encoding`,
      [connection, user],
    );
    expect(plain.rows).toEqual([{ file_encoding: null }]);
    for (const encoding of ['utf-8', 'utf-16', 'latin-1'])
      expect((await insert(`s-${encoding}`, encoding)).rows).toEqual([{ file_encoding: encoding }]);
    await expect(insert('s-utf-32', 'utf-32')).rejects.toMatchObject({
      constraint: 'suites_file_encoding_check',
    });
  });

  it('goes down and up again', async () => {
    const migration = new AddSuiteFileEncoding1796400000000();
    await migration.down(asRunner);
    const columns = async () =>
      (
        await client.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = 'suites' AND column_name = 'file_encoding'`,
        )
      ).rows;
    expect(await columns()).toEqual([]);
    await migration.up(asRunner);
    expect(await columns()).toEqual([{ column_name: 'file_encoding' }]);
  });
});
