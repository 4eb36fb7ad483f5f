import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type WorkspaceRole } from '@dq/contracts';
import { createDataSource } from '@dq/db';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { type SuiteActor } from './suite-actor';
import { SuiteAccessService } from './suite-access.service';

/** Which suites each caller sees, and with which grant. */
describe('SuiteAccessService.visible', () => {
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

  const actor = (id: string, role: WorkspaceRole, admin = false): SuiteActor => ({
    user: { id, email: `${id}@example.test`, display_name: id, role, is_workspace_admin: admin },
    credential: 'test',
  });

  const seen = async (who: SuiteActor): Promise<[string, string][]> =>
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
});
