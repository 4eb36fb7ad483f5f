import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@dq/db';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { CheckBaselines } from './check-baselines';

/** A schema-drift baseline refined in place: only while it is still what the run saw. */
describe('CheckBaselines', () => {
  let env: IsolatedEnvironment;
  let dataSource: DataSource;
  let baselines: CheckBaselines;
  const suiteId = randomUUID();
  const BARE = {
    columns: [
      { name: 'id', type: 'integer' },
      { name: 'amount', type: 'numeric' },
    ],
  };
  const PRECISE = {
    columns: [
      { name: 'id', type: 'integer' },
      { name: 'amount', type: 'numeric(10,2)' },
    ],
  };

  const stored = async (checkId: string) =>
    (
      await dataSource.query<{ baseline: Record<string, unknown> | null; captured: Date | null }[]>(
        `SELECT "baseline", "baseline_captured_at" AS "captured" FROM "checks" WHERE "id" = $1`,
        [checkId],
      )
    )[0];

  async function check(baseline: Record<string, unknown> | null): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO "checks" ("id", "suite_id", "name", "kind", "dimension", "config", "baseline", "baseline_captured_at")
       VALUES ($1, $2, $3, 'schema_drift', 'consistency', '{}', $4::jsonb, CASE WHEN $4::jsonb IS NULL THEN NULL ELSE now() - interval '1 day' END)`,
      [id, suiteId, `drift-${id}`, baseline === null ? null : JSON.stringify(baseline)],
    );
    return id;
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('check-baselines');
    dataSource = createDataSource({ url: env.databaseUrl, applicationName: 'check-baselines-spec' });
    await dataSource.initialize();
    baselines = new CheckBaselines(dataSource);
    await dataSource.transaction(async (manager) => {
      // A suite needs its owner and connection only by foreign key; this spec reads neither.
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(
        `INSERT INTO suites (id, name, connection_id, target, owner_id) VALUES ($1, 'drift', $2, 'public.t', $3)`,
        [suiteId, randomUUID(), randomUUID()],
      );
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await env?.cleanup();
  });

  it('refines a baseline that is still what the run saw, keeping its capture time', async () => {
    const id = await check(BARE);
    const before = await stored(id);
    expect(await baselines.refineIfUnchanged(id, BARE, PRECISE)).toBe(true);
    const after = await stored(id);
    expect(after.baseline).toEqual(PRECISE);
    expect(after.captured).toEqual(before.captured);
    // Run again with the same old view: nothing to do any more.
    expect(await baselines.refineIfUnchanged(id, BARE, PRECISE)).toBe(false);
  });

  it('never overwrites a baseline changed meanwhile (an explicit rebaseline wins)', async () => {
    const id = await check(BARE);
    const rebaselined = { columns: [{ name: 'id', type: 'bigint' }] };
    await dataSource.query(`UPDATE "checks" SET "baseline" = $2::jsonb WHERE "id" = $1`, [
      id,
      JSON.stringify(rebaselined),
    ]);
    expect(await baselines.refineIfUnchanged(id, BARE, PRECISE)).toBe(false);
    expect((await stored(id)).baseline).toEqual(rebaselined);
  });

  it('captures only when there is no baseline yet', async () => {
    const empty = await check(null);
    expect(await baselines.captureIfAbsent(empty, PRECISE)).toBe(true);
    expect(await baselines.captureIfAbsent(empty, BARE)).toBe(false);
    expect((await stored(empty)).baseline).toEqual(PRECISE);
  });
});
