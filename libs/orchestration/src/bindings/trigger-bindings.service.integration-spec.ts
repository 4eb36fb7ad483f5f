import { type DataSource } from 'typeorm';
import { AppError, ErrorCode, type TriggerBindingResponse } from '@dq/contracts';
import { type Actor } from '@dq/auth';
import {
  type PipelineTriggersTestContext,
  openPipelineTriggersTestContext,
  seedSuite,
  seedUser,
  shareSuite,
} from '../../test/pipeline-triggers-test-context';
import { TriggerBindingsService } from './trigger-bindings.service';

/** Who may read and change which binding: the bound suite's grants decide; hidden is 404. */
describe('TriggerBindingsService', () => {
  let world: PipelineTriggersTestContext;
  let dataSource: DataSource;
  let service: TriggerBindingsService;
  let owner: Actor;
  let editor: Actor;
  let viewer: Actor;
  let stranger: Actor;
  let admin: Actor;
  let suiteId: string;
  let otherSuiteId: string;

  beforeAll(async () => {
    world = await openPipelineTriggersTestContext('trigger-bindings');
    dataSource = world.dataSource;
    service = world.context.get(TriggerBindingsService);
    [owner, editor, viewer, stranger, admin] = await Promise.all([
      seedUser(dataSource, 'member'),
      seedUser(dataSource, 'member'),
      seedUser(dataSource, 'viewer'),
      seedUser(dataSource, 'member'),
      seedUser(dataSource, 'admin', true),
    ]);
    suiteId = await seedSuite(dataSource, owner.user.id);
    otherSuiteId = await seedSuite(dataSource, owner.user.id);
    await shareSuite(dataSource, suiteId, editor.user.id, 'edit');
    await shareSuite(dataSource, suiteId, viewer.user.id, 'view');
  });

  afterAll(async () => {
    await world?.close();
  });

  const codeOf = async (promise: Promise<unknown>): Promise<string> =>
    promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof AppError ? error.code : String(error)),
    );
  const bindingCount = async (): Promise<number> =>
    (await dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM trigger_bindings`))[0].n;

  it('lets an editor create, disable and delete a binding; a second identical one is a 409', async () => {
    const created = await service.create(editor, {
      provider: 'factory',
      pipeline_id: 'pl_orders',
      env: 'prod',
      suite_id: suiteId,
    });
    expect(created).toMatchObject({
      provider: 'factory',
      pipeline_id: 'pl_orders',
      env: 'prod',
      suite_id: suiteId,
      enabled: true,
      suite_exists: true,
      suite_name: `suite ${suiteId}`,
      created_by: editor.user.id,
    });
    const duplicate = service.create(owner, {
      provider: 'factory',
      pipeline_id: 'pl_orders',
      env: 'prod',
      suite_id: suiteId,
    });
    await expect(duplicate).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      detail: { binding_id: created.id },
    });
    expect((await service.update(editor, created.id, { enabled: false })).enabled).toBe(false);
    expect((await service.get(owner, created.id)).enabled).toBe(false);
    await service.delete(editor, created.id);
    expect(await codeOf(service.get(owner, created.id))).toBe(ErrorCode.NotFound);
    const audited = await dataSource.query<{ action: string; actor_user_id: string; detail: unknown }[]>(
      `SELECT action, actor_user_id, detail FROM audit_events WHERE target_id = $1 ORDER BY occurred_at`,
      [created.id],
    );
    expect(audited).toEqual([
      expect.objectContaining({ action: 'trigger_binding.created', actor_user_id: editor.user.id }),
      expect.objectContaining({
        action: 'trigger_binding.updated',
        detail: expect.objectContaining({ changed: { enabled: { from: true, to: false } } }),
      }),
      expect.objectContaining({ action: 'trigger_binding.deleted' }),
    ]);
  });

  it('refuses a viewer 403 and a stranger 404 on writes, and writes nothing', async () => {
    const binding = await service.create(owner, {
      provider: 'builder',
      pipeline_id: 'job_42',
      env: 'prod',
      suite_id: suiteId,
    });
    const before = await bindingCount();
    const input = { provider: 'builder' as const, pipeline_id: 'job_43', env: 'prod', suite_id: suiteId };
    expect(await codeOf(service.create(viewer, input))).toBe(ErrorCode.Forbidden);
    expect(await codeOf(service.create(stranger, input))).toBe(ErrorCode.NotFound);
    expect(await codeOf(service.update(viewer, binding.id, { enabled: false }))).toBe(ErrorCode.Forbidden);
    expect(await codeOf(service.update(stranger, binding.id, { enabled: false }))).toBe(ErrorCode.NotFound);
    expect(await codeOf(service.delete(stranger, binding.id))).toBe(ErrorCode.NotFound);
    // Moving a binding to a suite the editor cannot see is the other suite's 404.
    expect(await codeOf(service.update(editor, binding.id, { suite_id: otherSuiteId }))).toBe(
      ErrorCode.NotFound,
    );
    expect(await bindingCount()).toBe(before);
    expect((await service.get(owner, binding.id)).enabled).toBe(true);
    expect((await service.get(viewer, binding.id)).id).toBe(binding.id);
    expect(await codeOf(service.get(stranger, binding.id))).toBe(ErrorCode.NotFound);
  });

  it('lists only the bindings of suites the caller sees, in pages', async () => {
    const hidden = await service.create(owner, {
      provider: 'scheduler',
      pipeline_id: 'dag_hidden',
      env: 'prod',
      suite_id: otherSuiteId,
    });
    const all = async (who: Actor): Promise<TriggerBindingResponse[]> => {
      const items: TriggerBindingResponse[] = [];
      let cursor: string | undefined;
      do {
        const page = await service.list(who, { limit: 1, ...(cursor ? { cursor } : {}) });
        items.push(...page.items);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return items;
    };
    const seenByViewer = (await all(viewer)).map((binding) => binding.id);
    expect(seenByViewer).not.toContain(hidden.id);
    expect(seenByViewer.length).toBeGreaterThan(0);
    expect((await all(owner)).map((binding) => binding.id)).toContain(hidden.id);
    expect(await all(stranger)).toEqual([]);
    // Filtered by a suite the caller cannot see: that suite's 404, as GET /runs?suite_id= answers.
    expect(await codeOf(service.list(viewer, { suite_id: otherSuiteId }))).toBe(ErrorCode.NotFound);
    expect((await service.list(owner, { suite_id: otherSuiteId })).items.map((b) => b.id)).toEqual([
      hidden.id,
    ]);
  });

  it("keeps a deleted suite's binding for admins only, who may delete it", async () => {
    const doomed = await seedSuite(dataSource, owner.user.id);
    const binding = await service.create(owner, {
      provider: 'scheduler',
      pipeline_id: 'dag_doomed',
      env: 'prod',
      suite_id: doomed,
    });
    await dataSource.query(`DELETE FROM suites WHERE id = $1`, [doomed]);
    expect(await codeOf(service.get(owner, binding.id))).toBe(ErrorCode.NotFound);
    expect(await service.get(admin, binding.id)).toMatchObject({ suite_exists: false, suite_name: null });
    expect((await service.list(admin, { suite_id: doomed })).items.map((b) => b.id)).toEqual([binding.id]);
    await service.delete(admin, binding.id);
    expect(await codeOf(service.get(admin, binding.id))).toBe(ErrorCode.NotFound);
  });
});
