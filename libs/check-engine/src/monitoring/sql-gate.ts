import { loadModule, parseSync } from 'libpg-query';

/**
 * The gate user SQL (custom SQL, comparison query projections) passes at save, dry-run and before
 * it runs, per datasource dialect. A read-only transaction does not stop PostgreSQL's server file,
 * program and large-object functions, so PostgreSQL SQL is parsed with PostgreSQL's own grammar
 * (libpg_query, WASM) and refused unless it is one plain query calling no deny-listed function.
 * Snowflake and Databricks SQL is parsed by sqlparser-rs (WASM) in that dialect and must pass a
 * strict lexical gate too, which reads quotes as the warehouse does (see docs/decisions/0009).
 */

/** The datasource kinds that take user SQL. */
export type UserSqlKind = 'postgres' | 'warehouse' | 'lakehouse';

let parserLoaded = false;
const parserLoading: Promise<void> = loadModule().then(() => {
  parserLoaded = true;
});
// A failed load shows as every PostgreSQL statement refused, never as an unhandled rejection.
parserLoading.catch(() => undefined);

type DialectParser = typeof import('@guanmingchiu/sqlparser-ts');
let dialectParser: DialectParser | null = null;
let dialectParserLoading: Promise<void> | null = null;

// The Snowflake/Databricks parser is a few MB of WASM: loaded on first use, not at import.
function loadDialectParser(): Promise<void> {
  dialectParserLoading ??= import('@guanmingchiu/sqlparser-ts')
    .then(async (module) => {
      await module.init();
      dialectParser = module;
    })
    // A failed load shows as every Snowflake/Databricks statement refused.
    .catch(() => undefined);
  return dialectParserLoading;
}

/** Resolves once the SQL parsers (WASM) are loaded; await it before validating. */
export async function sqlParserReady(): Promise<void> {
  await Promise.all([parserLoading, loadDialectParser()]);
}

interface DeniedFamily {
  family: string;
  matches: (name: string) => boolean;
}

const named =
  (...names: string[]) =>
  (name: string): boolean =>
    names.includes(name);
const prefixed =
  (...prefixes: string[]) =>
  (name: string): boolean =>
    prefixes.some((prefix) => name.startsWith(prefix));

/** Function families no user SQL may call, matched on the unqualified, lower-cased name. */
const DENIED_FAMILIES: readonly DeniedFamily[] = [
  {
    family: 'server file and program access',
    matches: (name) =>
      prefixed('pg_read_file', 'pg_read_binary_file', 'pg_ls_', 'pg_stat_file', 'pg_file_')(name) ||
      named('pg_logdir_ls')(name),
  },
  { family: 'large objects', matches: (name) => prefixed('lo_')(name) || named('loread', 'lowrite')(name) },
  {
    family: 'dblink and foreign access',
    matches: prefixed('dblink', 'postgres_fdw_'),
  },
  { family: 'sleeping', matches: prefixed('pg_sleep') },
  { family: 'settings writes', matches: named('set_config') },
  { family: 'advisory locks', matches: prefixed('pg_advisory_', 'pg_try_advisory_') },
  {
    family: 'server administration',
    matches: (name) =>
      named(
        'pg_terminate_backend',
        'pg_cancel_backend',
        'pg_reload_conf',
        'pg_rotate_logfile',
        'pg_switch_wal',
        'pg_create_restore_point',
        'pg_promote',
        'pg_notify',
        'pg_logical_emit_message',
        'pg_export_snapshot',
        'pg_log_backend_memory_contexts',
        'pg_import_system_collations',
      )(name) ||
      prefixed(
        'pg_stat_reset',
        'pg_backup_',
        'pg_create_',
        'pg_drop_replication_slot',
        'pg_logical_slot_',
      )(name) ||
      prefixed('pg_replication_origin_', 'pg_copy_', 'pg_wal_replay_')(name),
  },
  {
    family: 'transaction ids (they write)',
    matches: (name) => prefixed('txid_', 'pg_current_xact_id')(name),
  },
  { family: 'sequences', matches: named('nextval', 'setval') },
  {
    family: 'SQL run from text (query_to_xml and kin)',
    matches: (name) =>
      /^(query|cursor|table|schema|database)_to_xml/.test(name) || /^(query|cursor)_to_json/.test(name),
  },
  { family: 'Snowflake system functions', matches: prefixed('system$') },
  {
    family: 'Snowflake stage and file access',
    matches: named(
      'get_presigned_url',
      'build_scoped_file_url',
      'build_stage_file_url',
      'get_stage_location',
    ),
  },
  {
    family: 'Databricks reflection, file and network access',
    matches: named('reflect', 'java_method', 'try_reflect', 'read_files', 'http_request', 'read_kafka'),
  },
];

/** The family a called function belongs to when it is denied, or null. */
export function deniedFunctionFamily(qualifiedName: string): string | null {
  const name = (qualifiedName.split('.').pop() ?? '').replace(/"/g, '').toLowerCase();
  return DENIED_FAMILIES.find((entry) => entry.matches(name))?.family ?? null;
}

// Statement nodes that write or run something; none may appear anywhere inside the query.
const REFUSED_NODES: Readonly<Record<string, string>> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  CopyStmt: 'COPY',
  CallStmt: 'CALL',
  DoStmt: 'DO',
};

/** The first thing in the parse tree that makes it more than a plain read, or null. */
function treeProblem(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = treeProblem(item);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof node !== 'object' || node === null) return null;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    const refused = REFUSED_NODES[key];
    if (refused !== undefined) return `must only read: ${refused} is not allowed`;
    if (key === 'intoClause') return 'must only read: SELECT ... INTO is not allowed';
    if (key === 'lockingClause') return 'must only read: a locking clause (FOR UPDATE/SHARE) is not allowed';
    if (key === 'FuncCall' && typeof value === 'object' && value !== null) {
      const parts = ((value as { funcname?: { String?: { sval?: string } }[] }).funcname ?? []).map(
        (part) => part.String?.sval ?? '',
      );
      const name = parts.join('.');
      const family = deniedFunctionFamily(name);
      if (family !== null) return `must not call ${name} (${family})`;
    }
    const found = treeProblem(value);
    if (found !== null) return found;
  }
  return null;
}

/** What PostgreSQL's own grammar says is wrong with `sql` as one plain query, or null. */
function postgresProblem(sql: string): string | null {
  if (!parserLoaded) return 'could not be checked: the SQL parser is not loaded yet, try again';
  let statements: { stmt?: Record<string, unknown> }[];
  try {
    statements = (parseSync(sql) as { stmts?: { stmt?: Record<string, unknown> }[] }).stmts ?? [];
  } catch (error) {
    return `is not valid PostgreSQL: ${(error as Error).message}`;
  }
  if (statements.length !== 1) return 'must be a single statement';
  const statement = statements[0]?.stmt ?? {};
  if (Object.keys(statement)[0] !== 'SelectStmt')
    return 'must be a query (SELECT, VALUES or WITH ... SELECT)';
  return treeProblem(statement);
}

/** A called function's name in lexical SQL: a word (maybe dotted) right before `(`. */
const CALLED = /([A-Za-z_][A-Za-z0-9_$]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_$]*)*)\s*\(/g;

/** Blanks out strings, quoted names and comments (backslash escapes, as Snowflake and Spark read them). */
function codeOnly(sql: string): string {
  return sql.replace(
    /'(?:[^'\\]|\\.|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\$\$[\s\S]*?\$\$|--[^\n]*|\/\*[\s\S]*?\*\//g,
    ' ',
  );
}

/** The strict lexical part for Snowflake and Databricks: denied calls, stage reads (`@stage`). */
function lexicalProblem(sql: string): string | null {
  const code = codeOnly(sql);
  for (const match of code.matchAll(CALLED)) {
    const name = (match[1] ?? '').replace(/\s+/g, '');
    const family = deniedFunctionFamily(name);
    if (family !== null) return `must not call ${name} (${family})`;
  }
  if (/\bSYSTEM\$/i.test(code)) return 'must not call SYSTEM$ functions (Snowflake system functions)';
  if (/@[A-Za-z_~%]/.test(code)) return 'must not read stages or files (@stage)';
  if (/\bEXTERNAL\b/i.test(code)) return 'must not use external functions or tables';
  return null;
}

const DIALECTS = {
  warehouse: { parser: 'snowflake', label: 'Snowflake' },
  lakehouse: { parser: 'databricks', label: 'Databricks' },
} as const;

/** The dotted name of an sqlparser-rs object name (`[{ Identifier: { value } }, ...]`). */
function objectName(name: unknown): string[] {
  if (!Array.isArray(name)) return [];
  return name.map((part) => {
    const ident = (part as { Identifier?: { value?: unknown } }).Identifier;
    return typeof ident?.value === 'string' ? ident.value : '';
  });
}

const WRITE_VARIANTS: Readonly<Record<string, string>> = {
  Insert: 'INSERT',
  Update: 'UPDATE',
  Delete: 'DELETE',
  Merge: 'MERGE',
};

/** The first thing in an sqlparser-rs tree that makes it more than a plain read, or null. */
function dialectTreeProblem(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = dialectTreeProblem(item);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof node !== 'object' || node === null) return null;
  const record = node as Record<string, unknown>;
  // Any identifier, quoted or not: a quoted "SYSTEM$..." call hides from the lexical gate.
  if (typeof record['value'] === 'string' && /^system\$/i.test(record['value']))
    return `must not call ${record['value']} (Snowflake system functions)`;
  for (const [key, value] of Object.entries(record)) {
    // A dollar-quoted string is data (`{ value, tag }`), not a name.
    if (key === 'DollarQuotedString') continue;
    const write = WRITE_VARIANTS[key];
    if (write !== undefined) return `must only read: ${write} is not allowed`;
    if (key === 'into' && typeof value === 'object' && value !== null)
      return 'must only read: SELECT ... INTO is not allowed';
    if (key === 'locks' && Array.isArray(value) && value.length > 0)
      return 'must only read: a locking clause (FOR UPDATE/SHARE) is not allowed';
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const inner = value as Record<string, unknown>;
      // A call in an expression, a table function (`FROM f(...)`, `LATERAL FLATTEN(...)`).
      const called =
        key === 'Function' || (key === 'Table' && inner['args'] !== undefined && inner['args'] !== null);
      if (called) {
        const name = objectName(inner['name']).join('.');
        const family = deniedFunctionFamily(name);
        if (family !== null) return `must not call ${name} (${family})`;
      }
      // Stage reads (`@stage/path`) and Databricks path reads (json.`/tmp/x`).
      if (
        key === 'Table' &&
        objectName(inner['name']).some((part) => part.startsWith('@') || part.includes('/'))
      )
        return 'must not read stages or files (@stage, format.`/path`)';
    }
    const found = dialectTreeProblem(value);
    if (found !== null) return found;
  }
  return null;
}

/** What the dialect's parser says is wrong with `sql` as one plain query, or null. */
function dialectProblem(sql: string, kind: Exclude<UserSqlKind, 'postgres'>): string | null {
  const dialect = DIALECTS[kind];
  if (dialectParser === null) return 'could not be checked: the SQL parser is not loaded yet, try again';
  let statements: Record<string, unknown>[];
  try {
    statements = dialectParser.parse(sql, dialect.parser) as unknown as Record<string, unknown>[];
  } catch (error) {
    return `is not valid ${dialect.label} SQL: ${(error as Error).message}`;
  }
  if (statements.length !== 1) return 'must be a single statement';
  const statement = statements[0] ?? {};
  if (Object.keys(statement)[0] !== 'Query') return 'must be a query (SELECT, VALUES or WITH ... SELECT)';
  return dialectTreeProblem(statement);
}

/**
 * What is wrong with `sql` (already past the dialect-free `readOnlySqlProblem`) as user SQL for a
 * datasource of `kind`, or null. Messages read after the field name ("config.sql must not call ...").
 * Snowflake and Databricks SQL must pass both the parser and the lexical gate: the lexical gate
 * reads quotes as the warehouse does where the parser's dialect does not (a Databricks `\'`).
 */
export function userSqlProblem(sql: string, kind: UserSqlKind): string | null {
  if (kind === 'postgres') return postgresProblem(sql);
  return dialectProblem(sql, kind) ?? lexicalProblem(sql);
}

/** Whether a datasource kind takes user SQL (and so has a gate here). */
export function isUserSqlKind(kind: string): kind is UserSqlKind {
  return kind === 'postgres' || kind === 'warehouse' || kind === 'lakehouse';
}
