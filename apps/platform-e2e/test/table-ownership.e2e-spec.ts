/**
 * Each context owns its tables: no other lib's production source names them in SQL. Another lib
 * reads them through the owner's exported functions or the views the owner defines. The tables come
 * from the owners' entities; the migrations (the one schema history) are exempt.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const LIBS = path.join(ROOT, 'libs');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    const production =
      entry.name.endsWith('.ts') && !/\.(spec|integration-spec|e2e-spec|test-helper)\.ts$/.test(entry.name);
    return production ? [full] : [];
  });
}

/** Table name -> owning lib, read from every `@Entity({ name })` under a lib's `src/entities`. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const lib of readdirSync(LIBS)) {
    const entities = path.join(LIBS, lib, 'src/entities');
    let files: string[];
    try {
      files = sourceFiles(entities);
    } catch {
      continue;
    }
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/@Entity\(\{\s*name:\s*'([a-z_]+)'/g)) {
        owners.set(match[1], lib);
      }
    }
  }
  return owners;
}

/** Lines where SQL names a table after a keyword (quoted or bare, across line breaks), outside comments. */
function sqlHits(text: string, table: string): number[] {
  const code = text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\*|\/\*)/.test(line) ? '' : line))
    .join('\n');
  const pattern = new RegExp(
    `\\b(FROM|JOIN|INTO|UPDATE|TABLE|EXISTS)\\s+("${table}"|${table}\\b)(?![\\w"])`,
    'gi',
  );
  return [...code.matchAll(pattern)].map((match) => code.slice(0, match.index).split('\n').length);
}

describe('table ownership', () => {
  const owners = tableOwners();

  it('reads the owners of the tables from their entities', () => {
    expect(Object.fromEntries(owners)).toEqual(
      expect.objectContaining({
        users: 'identity',
        audit_events: 'audit',
        connections: 'connections',
        suites: 'suites',
        checks: 'suites',
        workspace_quality_settings: 'workspace-settings',
        runs: 'runs',
        run_results: 'runs',
        consumed_events: 'db',
      }),
    );
  });

  it("no lib's source names another context's table in SQL", () => {
    const hits: string[] = [];
    for (const lib of readdirSync(LIBS)) {
      const src = path.join(LIBS, lib, 'src');
      let files: string[];
      try {
        files = sourceFiles(src);
      } catch {
        continue;
      }
      for (const file of files) {
        const relative = path.relative(ROOT, file);
        if (relative.startsWith('libs/db/src/migrations/')) continue; // the schema history
        const text = readFileSync(file, 'utf8');
        for (const [table, owner] of owners) {
          if (owner === lib) continue;
          for (const line of sqlHits(text, table))
            hits.push(`${relative}:${line} names "${table}" (owned by ${owner})`);
        }
      }
    }
    expect(hits).toEqual([]);
  });

  it('the check finds a table named in SQL, quoted or bare', () => {
    expect(sqlHits('const sql = `SELECT 1 FROM "suites" s`;', 'suites')).toEqual([1]);
    expect(sqlHits("client.query('UPDATE connections SET x = 1')", 'connections')).toEqual([1]);
    expect(sqlHits('LEFT JOIN "checks" c ON c."id" = r."check_id"', 'checks')).toEqual([1]);
    expect(sqlHits('count(*)::int AS "checks"', 'checks')).toEqual([]);
    expect(sqlHits(' * reads FROM "suites" in a comment', 'suites')).toEqual([]);
    expect(sqlHits('FROM "suites_for_runs" v', 'suites')).toEqual([]);
    expect(sqlHits('const sql = `SELECT 1\n  FROM\n    "runs" r`;', 'runs')).toEqual([2]);
  });
});
