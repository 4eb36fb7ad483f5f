import { Client } from 'pg';
// Loads this lib's entity (the inbox): the drift check compares the loaded entities; the whole
// schema's drift is checked where every context is loaded (platform-e2e schema-drift spec).
import '../entities';
import { MIGRATIONS } from '../migrations';
import { ensureDatabase } from './ensure-database';
import { migrationStatus, revertLastMigration, runMigrations } from './run-migrations';
import { databaseExists, dropScratchDatabase, scratchDatabaseUrl } from './scratch-database.test-helper';
import { pendingSchemaDrift } from './schema-drift';

const ALL = MIGRATIONS.map((migration) => migration.name);
const TABLES = ['consumed_events', 'run_results', 'runs'];

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

async function ourTables(url: string): Promise<string[]> {
  const rows = await query<{ table_name: string }>(
    url,
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name IN ('runs', 'run_results', 'consumed_events')
      ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

async function appliedCount(url: string): Promise<number> {
  const [row] = await query<{ n: string }>(url, 'SELECT count(*) AS n FROM schema_migrations');
  return Number(row.n);
}

describe('migrations', () => {
  let url: string;

  beforeEach(() => {
    url = scratchDatabaseUrl('mig');
  });

  afterEach(async () => {
    await dropScratchDatabase(url);
  });

  it('creates the database only when it is missing, even when two runners race', async () => {
    expect(await databaseExists(url)).toBe(false);
    const results = await Promise.all([ensureDatabase(url), ensureDatabase(url)]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await databaseExists(url)).toBe(true);
    expect((await ensureDatabase(url)).created).toBe(false);
  });

  it('migrates an empty database up, after which entities and migrations do not drift', async () => {
    await ensureDatabase(url);
    expect(await runMigrations(url)).toEqual(ALL);
    expect(await ourTables(url)).toEqual(TABLES);
    expect(await pendingSchemaDrift(url)).toEqual([]);
    expect(await migrationStatus(url)).toEqual(ALL.map((name) => ({ name, applied: true })));
  });

  it('reports drift when the database no longer matches the entities', async () => {
    await ensureDatabase(url);
    await runMigrations(url);
    await query(url, 'ALTER TABLE consumed_events ALTER COLUMN consumed_at DROP DEFAULT');
    const drift = await pendingSchemaDrift(url);
    expect(drift.some((statement) => statement.includes('consumed_at'))).toBe(true);
  });

  it('is idempotent: a second run applies nothing', async () => {
    await ensureDatabase(url);
    await runMigrations(url);
    expect(await runMigrations(url)).toEqual([]);
    expect(await appliedCount(url)).toBe(ALL.length);
  });

  it('reverts the last migration and re-applies it', async () => {
    await ensureDatabase(url);
    await runMigrations(url);
    expect(await revertLastMigration(url)).toBe(ALL[ALL.length - 1]);
    expect(await migrationStatus(url)).toContainEqual({ name: ALL[ALL.length - 1], applied: false });
    if (ALL.length === 1) expect(await ourTables(url)).toEqual([]);
    expect(await runMigrations(url)).toEqual([ALL[ALL.length - 1]]);
    expect(await ourTables(url)).toEqual(TABLES);
    expect(await pendingSchemaDrift(url)).toEqual([]);
  });

  it('reverts nothing on a database without migrations', async () => {
    await ensureDatabase(url);
    expect(await revertLastMigration(url)).toBeNull();
  });

  it('applies each migration once when two runners start together on a fresh database', async () => {
    await ensureDatabase(url);
    const [first, second] = await Promise.all([runMigrations(url), runMigrations(url)]);
    expect([...first, ...second].sort()).toEqual([...ALL].sort());
    expect(await appliedCount(url)).toBe(ALL.length);
    expect(await ourTables(url)).toEqual(TABLES);
  });
});
