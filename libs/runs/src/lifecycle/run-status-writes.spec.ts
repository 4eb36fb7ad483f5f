import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../../..');
/** The one module that writes a run's status (and creates runs). */
const OWNER = 'libs/runs/src/lifecycle/';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.ts$/.test(entry.name) && !/\.(spec|integration-spec|e2e-spec)\.ts$/.test(entry.name)
      ? [path]
      : [];
  });
}

/** Every production source of the libs and apps, the migrations aside (they define the column). */
const FILES = ['libs', 'apps']
  .flatMap((top) =>
    readdirSync(join(ROOT, top), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => {
        try {
          return sources(join(ROOT, top, entry.name, 'src'));
        } catch {
          return [];
        }
      }),
  )
  .map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }))
  .filter(({ path }) => !path.includes('/migrations/'));

/** An UPDATE of `runs` that assigns its status, however it is spaced or aliased. */
const SQL_STATUS_WRITE = /UPDATE\s+"?runs"?\b[^;`]*?\bSET\b(?:(?!\bWHERE\b)[^;`])*?"?\bstatus"?\s*=/i;
/** A TypeORM write of a run's status. */
const ORM_STATUS_WRITE = /getRepository\(RunEntity\)[\s\S]{0,80}?\.update\([\s\S]{0,300}?\bstatus\s*:/;
/** A status literal where a `RunStatus` constant belongs. */
const STATUS_LITERAL = /'(queued|running|succeeded|failed|cancelled)'/;

describe('run status writes', () => {
  it('the sources were found', () => {
    expect(FILES.some(({ path }) => path.startsWith(OWNER))).toBe(true);
    expect(FILES.length).toBeGreaterThan(100);
  });

  it('only the lifecycle module writes a run status', () => {
    const writers = FILES.filter(
      ({ path, text }) =>
        !path.startsWith(OWNER) && (SQL_STATUS_WRITE.test(text) || ORM_STATUS_WRITE.test(text)),
    ).map(({ path }) => path);
    expect(writers).toEqual([]);
  });

  it('the lifecycle module writes it in one statement builder', () => {
    const builders = FILES.filter(
      ({ path, text }) => path.startsWith(OWNER) && /SET "status" = \$\{/.test(text),
    ).map(({ path }) => path);
    expect(builders).toEqual(['libs/runs/src/lifecycle/run-status-sql.ts']);
  });

  it('the runs library names statuses by their constants', () => {
    // The entity states the table's DDL (checks, partial indexes) as the migrations wrote it.
    const literal = FILES.filter(
      ({ path, text }) =>
        path.startsWith('libs/runs/src/') &&
        !path.startsWith('libs/runs/src/entities/') &&
        STATUS_LITERAL.test(text),
    ).map(({ path }) => path);
    expect(literal).toEqual([]);
  });

  it('the probe sees a write outside the lifecycle', () => {
    expect(SQL_STATUS_WRITE.test(`UPDATE "runs" SET "status" = 'failed' WHERE "id" = $1`)).toBe(true);
    expect(SQL_STATUS_WRITE.test(`UPDATE runs AS r SET "worker_id" = NULL, "status" = 'queued'`)).toBe(true);
    expect(
      SQL_STATUS_WRITE.test(`UPDATE "runs" SET "lease_expires_at" = now() WHERE "status" = 'running'`),
    ).toBe(false);
    expect(
      ORM_STATUS_WRITE.test(
        `this.dataSource.getRepository(RunEntity).update({ id }, { status: RunStatus.Failed })`,
      ),
    ).toBe(true);
  });
});
