import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { AppError, SuiteGrant, type WorkspaceRole } from '@dq/contracts';
import { createDataSource } from '@dq/db';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { SuiteAccessService, suiteVisibleSql, visibleSuiteIdsSql } from './suite-access.service';
import { type Actor } from '@dq/auth';

/** Which suites each caller sees, and with which grant; what `require` answers each of them. */
describe('SuiteAccessService', () => {
  let env: IsolatedEnvironment;
  let dataSource: DataSource;
  let access: SuiteAccessService;
  const ids = {
    owner: randomUUID(),
    viewer: randomUUID(),
    editor: randomUUID(),
    stranger: randomUUID(),
    admin: randomUUID(),
  };
  const suites = { alpha: randomUUID(), beta: randomUUID(), gamma: randomUUID() };

  const actor = (id: string, role: WorkspaceRole, admin = false): Actor => ({
    user: { id, email: `${id}@example.test`, display_name: id, role, is_workspace_admin: admin },
    credential: 'test',
  });

  const seen = async (who: Actor): Promise<[string, string][]> =>
    (await access.visible(who)).map(({ suite, grant }) => [suite.name, grant]);

  beforeAll(async () => {
    env = await createIsolatedEnvironment('suite-access');
    dataSource = createDataSource({ url: env.databaseUrl, applicationName: 'suite-access-spec' });
    await dataSource.initialize();
    access = new SuiteAccessService(dataSource);
    await dataSource.transaction(async (manager) => {
      // Suites need a connection only by foreign key; this spec reads none.
      await manager.query(`SET LOCAL session_replication_role = replica`);
      for (const [name, id] of Object.entries(ids)) {
        await manager.query(`INSERT INTO users (id, email, display_name, role) VALUES ($1, $2, $3, $4)`, [
          id,
          `${name}@example.test`,
          name,
          name === 'viewer' ? 'viewer' : name === 'admin' ? 'admin' : 'member',
        ]);
      }
      for (const [name, id] of Object.entries(suites)) {
        await manager.query(
          `INSERT INTO suites (id, name, connection_id, target, owner_id) VALUES ($1, $2, $3, 'public.t', $4)`,
          [id, name, randomUUID(), ids.owner],
        );
      }
      // The viewer holds an `edit` share (a Viewer is capped at `view`); the editor one on beta.
      await manager.query(`INSERT INTO suite_shares (suite_id, user_id, "grant") VALUES ($1, $2, 'edit')`, [
        suites.alpha,
        ids.viewer,
      ]);
      await manager.query(`INSERT INTO suite_shares (suite_id, user_id, "grant") VALUES ($1, $2, 'edit')`, [
        suites.beta,
        ids.editor,
      ]);
      await manager.query(`INSERT INTO suite_shares (suite_id, user_id, "grant") VALUES ($1, $2, 'view')`, [
        suites.gamma,
        ids.editor,
      ]);
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await env?.cleanup();
  });

  it('the owner sees every suite they own, by name, as owner', async () => {
    expect(await seen(actor(ids.owner, 'member'))).toEqual([
      ['alpha', 'owner'],
      ['beta', 'owner'],
      ['gamma', 'owner'],
    ]);
  });

  it('a share shows its suite with its grant, a Viewer capped at view; nothing else shows', async () => {
    expect(await seen(actor(ids.viewer, 'viewer'))).toEqual([['alpha', 'view']]);
    expect(await seen(actor(ids.editor, 'member'))).toEqual([
      ['beta', 'edit'],
      ['gamma', 'view'],
    ]);
  });

  it('a caller with neither ownership nor a share sees nothing; a workspace admin sees all', async () => {
    expect(await seen(actor(ids.stranger, 'member'))).toEqual([]);
    expect(await seen(actor(ids.admin, 'admin', true))).toEqual([
      ['alpha', 'admin'],
      ['beta', 'admin'],
      ['gamma', 'admin'],
    ]);
  });

  it('visibleSuiteIdsSql names exactly the suites `visible` shows every caller who is not an admin', async () => {
    for (const [id, role] of [
      [ids.owner, 'member'],
      [ids.viewer, 'viewer'],
      [ids.editor, 'member'],
      [ids.stranger, 'member'],
    ] as const) {
      const who = actor(id, role);
      const rows = await dataSource.query<{ id: string }[]>(visibleSuiteIdsSql('$1::uuid'), [id]);
      const viaSql = rows.map((row) => row.id).sort();
      const viaPolicy = (await access.visible(who)).map(({ suite }) => suite.id).sort();
      expect(viaSql).toEqual(viaPolicy);
    }
  });

  /** The grant an access read gives, or the status it refuses with. */
  const answerOf = async (read: () => Promise<{ grant: SuiteGrant }>): Promise<string | number> => {
    try {
      return (await read()).grant;
    } catch (error) {
      if (error instanceof AppError) return error.status;
      throw error;
    }
  };
  const required = (who: Actor, suiteId: string, needed: SuiteGrant): Promise<string | number> =>
    answerOf(() => access.require(who, suiteId, needed));
  const everyCaller = (): Actor[] => [
    actor(ids.owner, 'member'),
    actor(ids.viewer, 'viewer'),
    actor(ids.editor, 'member'),
    actor(ids.stranger, 'member'),
    actor(ids.admin, 'admin', true),
  ];

  it('require answers the grant when it is enough, 403 when it is too weak, 404 when there is none', async () => {
    const viewer = actor(ids.viewer, 'viewer');
    const editor = actor(ids.editor, 'member');
    expect(await required(actor(ids.owner, 'member'), suites.alpha, SuiteGrant.Owner)).toBe('owner');
    // The viewer's `edit` share is capped at `view`: enough to read, not to change.
    expect(await required(viewer, suites.alpha, SuiteGrant.View)).toBe('view');
    expect(await required(viewer, suites.alpha, SuiteGrant.Edit)).toBe(403);
    expect(await required(editor, suites.beta, SuiteGrant.Edit)).toBe('edit');
    expect(await required(editor, suites.gamma, SuiteGrant.Edit)).toBe(403);
    // Another user's share is not the caller's: the viewer's share on alpha gives the editor nothing.
    expect(await required(editor, suites.alpha, SuiteGrant.View)).toBe(404);
    expect(await required(actor(ids.stranger, 'member'), suites.beta, SuiteGrant.View)).toBe(404);
    expect(await required(actor(ids.admin, 'admin', true), suites.gamma, SuiteGrant.Admin)).toBe('admin');
    expect(await required(editor, randomUUID(), SuiteGrant.View)).toBe(404);
    expect(await required(editor, 'not-a-uuid', SuiteGrant.View)).toBe(404);
  });

  it('requireWithEnabledChecks answers every caller as require does, with the enabled checks oldest first', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    await dataSource.query(
      `INSERT INTO checks (id, suite_id, name, kind, dimension, config, enabled, version, baseline, created_at)
       VALUES ($1, $3, 'rows', 'volume', 'volume', '{"min_rows": 1}', true, 2, '{"rows": 10}', now() - interval '2 minutes'),
              ($2, $3, 'ids', 'expectation', 'completeness', '{"column": "id"}', true, 1, NULL, now() - interval '1 minute'),
              (gen_random_uuid(), $3, 'off', 'volume', 'volume', '{}', false, 1, NULL, now())`,
      [second, first, suites.alpha],
    );
    for (const who of everyCaller()) {
      for (const suiteId of [...Object.values(suites), randomUUID(), 'not-a-uuid']) {
        for (const needed of [SuiteGrant.View, SuiteGrant.Edit]) {
          const withChecks = await answerOf(() => access.requireWithEnabledChecks(who, suiteId, needed));
          expect({ who: who.user.id, suiteId, needed, answer: withChecks }).toEqual({
            who: who.user.id,
            suiteId,
            needed,
            answer: await required(who, suiteId, needed),
          });
        }
      }
    }

    const { checks } = await access.requireWithEnabledChecks(
      actor(ids.owner, 'member'),
      suites.alpha,
      SuiteGrant.Edit,
    );
    expect(checks.map((check) => [check.id, check.name, check.kind, check.version])).toEqual([
      [second, 'rows', 'volume', 2],
      [first, 'ids', 'expectation', 1],
    ]);
    expect(checks[0]).toMatchObject({
      dimension: 'volume',
      config: { min_rows: 1 },
      baseline: { rows: 10 },
      enabled: true,
    });
    expect(checks[1]).toMatchObject({
      config: { column: 'id' },
      baseline: null,
      thresholds: null,
      engine: null,
    });
  });

  it('suiteVisibleSql holds for exactly the callers the policy gives a grant', async () => {
    for (const who of everyCaller()) {
      const rows = await dataSource.query<{ id: string; visible: boolean }[]>(
        `SELECT s."id", ${suiteVisibleSql('s', 'sh', '$1::uuid', '$2::boolean')} AS "visible"
           FROM "suites" s LEFT JOIN "suite_shares" sh ON sh."suite_id" = s."id" AND sh."user_id" = $1::uuid`,
        [who.user.id, who.user.is_workspace_admin],
      );
      const viaSql = rows
        .filter((row) => row.visible)
        .map((row) => row.id)
        .sort();
      const viaPolicy = (await access.visible(who)).map(({ suite }) => suite.id).sort();
      expect({ who: who.user.id, visible: viaSql }).toEqual({ who: who.user.id, visible: viaPolicy });
    }
  });

  it('require with a lock holds the suite row until the transaction ends', async () => {
    const editor = actor(ids.editor, 'member');
    let firstEnded = false;
    let second: Promise<boolean> | undefined;
    await dataSource.transaction(async (manager) => {
      await access.require(editor, suites.beta, SuiteGrant.Edit, manager, true);
      // A second writer waits for the row: it gets it only once the first transaction ends.
      second = dataSource.transaction(async (other) => {
        await access.require(editor, suites.beta, SuiteGrant.Edit, other, true);
        return firstEnded;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      firstEnded = true;
    });
    expect(await second).toBe(true);
  });
});
