/* eslint-disable no-console -- a CLI: its output is JSON lines on stdout/stderr. */
import {
  ensureDatabase,
  migrationStatus,
  pendingSchemaDrift,
  revertLastMigration,
  runMigrations,
} from '@dq/db';
// Loads every context's entities: the drift check compares all of them.
import '@dq/alerting/entities';
import '@dq/audit/entities';
import '@dq/connections/entities';
import '@dq/identity/entities';
import '@dq/orchestration/entities';
import '@dq/runs/entities';
import '@dq/suites/entities';
import '@dq/workspace-settings/entities';

// Usage: node -r ./tools/register.cjs tools/migrate.ts [up|down|status|drift]
//   up      create the database if missing, then apply pending migrations (default)
//   down    revert the most recent migration
//   status  list migrations and whether each is applied
//   drift   apply nothing; print the SQL `synchronize` would run; exit 1 if there is any

const COMMANDS = ['up', 'down', 'status', 'drift'] as const;
type Command = (typeof COMMANDS)[number];

function line(event: string, fields: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function main(command: Command, url: string): Promise<number> {
  line('migrate_start', { command, database_url: redactUrl(url) });
  const ensured = await ensureDatabase(url);
  if (ensured.created) line('database_created', { database: ensured.database });

  switch (command) {
    case 'up': {
      const applied = await runMigrations(url);
      for (const name of applied) line('migration_applied', { name });
      line('migrate_done', { applied: applied.length });
      return 0;
    }
    case 'down': {
      const reverted = await revertLastMigration(url);
      line('migration_reverted', { name: reverted });
      return 0;
    }
    case 'status': {
      for (const state of await migrationStatus(url)) line('migration_status', { ...state });
      return 0;
    }
    case 'drift': {
      const statements = await pendingSchemaDrift(url);
      for (const statement of statements) line('schema_drift', { statement });
      line('drift_done', { statements: statements.length });
      return statements.length === 0 ? 0 : 1;
    }
  }
}

function isCommand(value: string): value is Command {
  return (COMMANDS as readonly string[]).includes(value);
}

const requested = process.argv[2] ?? 'up';
// The migration command runs before any app (and so before the platform's typed config) exists,
// so it is the one other place that reads process.env directly. Outside production an unset
// DATABASE_URL means the local database every tool and test uses (README).
const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/dq';
const databaseUrl =
  process.env['DATABASE_URL'] ?? (process.env['NODE_ENV'] === 'production' ? undefined : LOCAL_DATABASE_URL);

if (!isCommand(requested)) {
  console.error(
    JSON.stringify({ event: 'migrate_usage', error: `unknown command "${requested}"`, commands: COMMANDS }),
  );
  process.exitCode = 2;
} else if (!databaseUrl) {
  console.error(JSON.stringify({ event: 'migrate_failed', error: 'DATABASE_URL is not set' }));
  process.exitCode = 2;
} else {
  main(requested, databaseUrl).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(
        JSON.stringify({ time: new Date().toISOString(), event: 'migrate_failed', error: message }),
      );
      process.exitCode = 1;
    },
  );
}
