import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import {
  Jobs,
  NearMissReason,
  type PipelineRunObservedEvent,
  PipelineRunStatus,
  RunTrigger,
} from '@dq/contracts';
import { type Actor } from '@dq/auth';
import { QueueRegistry } from '@dq/messaging';
import {
  type PipelineTriggersTestContext,
  openPipelineTriggersTestContext,
  seedSuite,
  seedUser,
} from '../../test/pipeline-triggers-test-context';
import { NearMissesService } from './near-misses.service';
import { PipelineRunMatcher } from './pipeline-run-matcher';
import { TriggerBindingsService } from './trigger-bindings.service';

/** Pipeline runs in, suite runs out: exactly once per binding and pipeline run, never for a failure. */
describe('PipelineRunMatcher', () => {
  let world: PipelineTriggersTestContext;
  let dataSource: DataSource;
  let matcher: PipelineRunMatcher;
  let bindings: TriggerBindingsService;
  let admin: Actor;

  beforeAll(async () => {
    world = await openPipelineTriggersTestContext('pipeline-run-matcher');
    dataSource = world.dataSource;
    matcher = world.context.get(PipelineRunMatcher);
    bindings = world.context.get(TriggerBindingsService);
    admin = await seedUser(dataSource, 'admin', true);
  });

  afterAll(async () => {
    await world?.close();
  });

  function observed(overrides: Partial<PipelineRunObservedEvent> = {}): PipelineRunObservedEvent {
    return {
      event_id: randomUUID(),
      provider: 'scheduler',
      pipeline_id: 'load_orders',
      env: 'prod',
      run_id: `manual__${randomUUID()}`,
      status: PipelineRunStatus.Succeeded,
      finished_at: new Date().toISOString(),
      observed_at: new Date().toISOString(),
      ...overrides,
    };
  }

  /** A suite bound to a fresh pipeline id; answers both. */
  async function bound(
    overrides: { enabled?: boolean; env?: string; pipelineId?: string } = {},
  ): Promise<{ suiteId: string; pipelineId: string; bindingId: string }> {
    const suiteId = await seedSuite(dataSource, admin.user.id);
    const pipelineId = overrides.pipelineId ?? `load_${randomUUID().slice(0, 8)}`;
    const binding = await bindings.create(admin, {
      provider: 'scheduler',
      pipeline_id: pipelineId,
      env: overrides.env ?? 'prod',
      suite_id: suiteId,
      enabled: overrides.enabled ?? true,
    });
    return { suiteId, pipelineId, bindingId: binding.id };
  }

  const pipelineRuns = async (suiteId: string): Promise<{ id: string; trigger: string }[]> =>
    dataSource.query(`SELECT id, "trigger" FROM runs WHERE suite_id = $1`, [suiteId]);

  async function nearMissOf(pipelineId: string): Promise<{ reason: string; closest: string | null }> {
    const page = await world.context.get(NearMissesService).list(admin, { limit: 200 });
    const item = page.items.find((candidate) => candidate.pipeline_id === pipelineId);
    if (!item) throw new Error(`no near-miss for ${pipelineId}`);
    return { reason: item.reason, closest: item.closest_binding?.id ?? null };
  }

  it('queues the bound suite once with trigger pipeline, and its job, when the event is delivered twice', async () => {
    const { suiteId, pipelineId, bindingId } = await bound();
    const event = observed({ pipeline_id: pipelineId });

    const first = await matcher.consume(event);
    const again = await matcher.consume(event);

    expect(first.runIds).toHaveLength(1);
    expect(again).toEqual({ consumed: false, pipelineRunId: null, runIds: [] });
    const runs = await pipelineRuns(suiteId);
    expect(runs).toEqual([{ id: first.runIds[0], trigger: RunTrigger.Pipeline }]);
    const [firing] = await dataSource.query<{ run_id: string }[]>(
      `SELECT run_id FROM trigger_binding_firings WHERE binding_id = $1`,
      [bindingId],
    );
    expect(firing?.run_id).toBe(first.runIds[0]);
    const job = await world.context.get(QueueRegistry).queue(Jobs.ExecuteRun.queue).getJob(first.runIds[0]);
    expect(job?.data).toMatchObject({ run_id: first.runIds[0] });
  });

  it('queues once when the same pipeline run arrives as two events (webhook and poll), and not as a near-miss', async () => {
    const { suiteId, pipelineId } = await bound();
    const runId = `scheduled__${randomUUID()}`;
    await matcher.consume(observed({ pipeline_id: pipelineId, run_id: runId }));
    await matcher.consume(observed({ pipeline_id: pipelineId, run_id: runId }));
    expect(await pipelineRuns(suiteId)).toHaveLength(1);
    const [row] = await dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pipeline_runs WHERE pipeline_id = $1`,
      [pipelineId],
    );
    expect(row?.n).toBe(1);
    const page = await world.context.get(NearMissesService).list(admin, { limit: 200 });
    expect(page.items.map((item) => item.pipeline_id)).not.toContain(pipelineId);
  });

  it('queues once when two scheduler processes race on the same event, and on two events of one run', async () => {
    const peer = await world.openPeer();
    const peerMatcher = peer.get(PipelineRunMatcher);
    const same = await bound();
    const event = observed({ pipeline_id: same.pipelineId });
    const raced = await Promise.all([matcher.consume(event), peerMatcher.consume(event)]);
    expect(raced.flatMap((result) => result.runIds)).toHaveLength(1);
    expect(await pipelineRuns(same.suiteId)).toHaveLength(1);

    const twoEvents = await bound();
    const runId = `scheduled__${randomUUID()}`;
    const results = await Promise.all([
      matcher.consume(observed({ pipeline_id: twoEvents.pipelineId, run_id: runId })),
      peerMatcher.consume(observed({ pipeline_id: twoEvents.pipelineId, run_id: runId })),
    ]);
    expect(results.every((result) => result.consumed)).toBe(true);
    expect(results.flatMap((result) => result.runIds)).toHaveLength(1);
    expect(await pipelineRuns(twoEvents.suiteId)).toHaveLength(1);
    const [firings] = await dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM trigger_binding_firings WHERE binding_id = $1`,
      [twoEvents.bindingId],
    );
    expect(firings?.n).toBe(1);
  });

  it('creates no run when the firing row already exists: only an inserted firing row queues', async () => {
    const { suiteId, pipelineId, bindingId } = await bound();
    const runId = `manual__${randomUUID()}`;
    // As another process would leave it mid-way: the run recorded and fired, not yet judged.
    const [row] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO pipeline_runs (provider, pipeline_id, env, external_run_id, status, observed_at)
       VALUES ('scheduler', $1, 'prod', $2, 'succeeded', now()) RETURNING id`,
      [pipelineId, runId],
    );
    await dataSource.query(
      `INSERT INTO trigger_binding_firings (binding_id, pipeline_run_id) VALUES ($1, $2)`,
      [bindingId, row.id],
    );
    const result = await matcher.consume(observed({ pipeline_id: pipelineId, run_id: runId }));
    expect(result.runIds).toEqual([]);
    expect(await pipelineRuns(suiteId)).toEqual([]);
  });

  it('records a failed pipeline run and queues nothing, not even when it is reported again', async () => {
    const { suiteId, pipelineId } = await bound();
    const runId = `manual__${randomUUID()}`;
    const result = await matcher.consume(
      observed({ pipeline_id: pipelineId, run_id: runId, status: PipelineRunStatus.Failed }),
    );
    // A late "succeeded" for the same orchestrator run does not turn the failure into a trigger.
    await matcher.consume(observed({ pipeline_id: pipelineId, run_id: runId }));
    expect(result.runIds).toEqual([]);
    expect(await pipelineRuns(suiteId)).toEqual([]);
    const [row] = await dataSource.query<{ status: string; near_miss_reason: string | null }[]>(
      `SELECT status, near_miss_reason FROM pipeline_runs WHERE pipeline_id = $1`,
      [pipelineId],
    );
    expect(row).toEqual({ status: 'failed', near_miss_reason: null });
  });

  it('fires a run first seen running once it is seen succeeded', async () => {
    const { suiteId, pipelineId } = await bound();
    const runId = `manual__${randomUUID()}`;
    await matcher.consume(
      observed({ pipeline_id: pipelineId, run_id: runId, status: 'running', finished_at: null }),
    );
    expect(await pipelineRuns(suiteId)).toEqual([]);
    await matcher.consume(observed({ pipeline_id: pipelineId, run_id: runId }));
    expect(await pipelineRuns(suiteId)).toHaveLength(1);
  });

  it('a disabled binding queues nothing and is the near-miss, with its reason', async () => {
    const { suiteId, pipelineId, bindingId } = await bound({ enabled: false });
    await matcher.consume(observed({ pipeline_id: pipelineId }));
    expect(await pipelineRuns(suiteId)).toEqual([]);
    expect(await nearMissOf(pipelineId)).toEqual({ reason: NearMissReason.Disabled, closest: bindingId });
  });

  it('a binding of another environment is a near-miss', async () => {
    const { suiteId, pipelineId, bindingId } = await bound({ env: 'staging' });
    await matcher.consume(observed({ pipeline_id: pipelineId, env: 'prod' }));
    expect(await pipelineRuns(suiteId)).toEqual([]);
    expect(await nearMissOf(pipelineId)).toEqual({
      reason: NearMissReason.OtherEnvironment,
      closest: bindingId,
    });
  });

  it('ids that differ only by case or surrounding spaces never match, and say so', async () => {
    const pipelineId = `Load_${randomUUID().slice(0, 8)}`;
    const { suiteId, bindingId } = await bound({ pipelineId: ` ${pipelineId.toLowerCase()}` });
    await matcher.consume(observed({ pipeline_id: pipelineId }));
    expect(await pipelineRuns(suiteId)).toEqual([]);
    expect(await nearMissOf(pipelineId)).toEqual({
      reason: NearMissReason.IdDiffersByCaseOrWhitespace,
      closest: bindingId,
    });
  });

  it("a deleted suite's binding queues nothing and is reported as suite_deleted", async () => {
    const { suiteId, pipelineId, bindingId } = await bound();
    await dataSource.query(`DELETE FROM suites WHERE id = $1`, [suiteId]);
    await matcher.consume(observed({ pipeline_id: pipelineId }));
    expect(await pipelineRuns(suiteId)).toEqual([]);
    expect(await nearMissOf(pipelineId)).toEqual({ reason: NearMissReason.SuiteDeleted, closest: bindingId });
  });

  it('a pipeline nobody bound is a near-miss without a closest binding', async () => {
    const pipelineId = `unbound_${randomUUID().slice(0, 8)}`;
    await matcher.consume(observed({ pipeline_id: pipelineId, provider: 'builder' }));
    expect(await nearMissOf(pipelineId)).toEqual({ reason: NearMissReason.None, closest: null });
  });
});
