/**
 * Pipeline triggers through a real gateway and a real scheduler: bindings created, read, disabled
 * and deleted with the bound suite's grants (hidden 404, 403, 422 naming the field, 409 for a
 * second identical binding), and the JetStream event the orchestration observer publishes: a
 * succeeded pipeline run delivered twice and announced again under another event id queues the
 * suite once with trigger `pipeline`; a failed one queues nothing; a disabled binding's run is a
 * near-miss with its reason. Refused calls leave the table as it was.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { Consumers, Events, type PipelineRunObservedEvent } from '@dq/contracts';
import { MessagingNamespace } from '@dq/messaging';
import { type AppProcess, type HttpResult, GatewayWorld, startApp, waitFor } from '@dq/testing';
import { type Principals, seedPrincipals } from './support/principals';

interface Binding {
  id: string;
  provider: string;
  pipeline_id: string;
  env: string;
  suite_id: string;
  enabled: boolean;
  suite_exists: boolean;
  suite_name: string | null;
}

interface NearMiss {
  pipeline_id: string;
  run_id: string;
  reason: string;
  closest_binding: Binding | null;
}

interface ErrorEnvelope {
  error: { code: string; detail: { fields?: { field: string }[] } };
}

const fieldsOf = (result: HttpResult): string[] =>
  ((result.body as ErrorEnvelope).error.detail.fields ?? []).map((entry) => entry.field);

describe('trigger bindings and pipeline runs', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let principals: Principals;
  let suiteId: string;

  const api = (): string => `${gateway.url}/api/v1`;
  const as: Principals['as'] = (...args) => principals.as(...args);

  async function suite(name: string): Promise<string> {
    const id = await principals.suite(name);
    const check = await as('owner', 'POST', `/suites/${id}/checks`, {
      name: 'rows',
      kind: 'volume',
      config: { min_rows: 1 },
    });
    expect(check.status).toBe(201);
    return id;
  }

  const bindingCount = async (): Promise<number> =>
    (await world.db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM trigger_bindings'))[0].n;

  const runsOf = async (id: string): Promise<{ id: string; trigger: string }[]> =>
    world.db.query('SELECT id, "trigger" FROM runs WHERE suite_id = $1', [id]);

  /** Publishes on JetStream exactly as the orchestration observer does, with its own message id. */
  async function publish(event: PipelineRunObservedEvent, messageId: string = event.event_id): Promise<void> {
    const namespace = new MessagingNamespace(world.env.namespace);
    const connection = await connect({ servers: world.env.natsUrl });
    try {
      await connection
        .jetstream()
        .publish(namespace.subject(Events.PipelineRunObserved.subject), JSON.stringify(event), {
          msgID: messageId,
        });
    } finally {
      await connection.close();
    }
  }

  const consumed = async (eventId: string): Promise<boolean> =>
    (
      await world.db.query<unknown[]>('SELECT 1 FROM consumed_events WHERE consumer = $1 AND event_id = $2', [
        Consumers.SchedulerPipelineRunObserved.durable,
        eventId,
      ])
    ).length > 0;

  function observed(overrides: Partial<PipelineRunObservedEvent>): PipelineRunObservedEvent {
    return {
      event_id: randomUUID(),
      provider: 'scheduler',
      pipeline_id: 'load_orders',
      env: 'prod',
      run_id: `scheduled__${randomUUID()}`,
      status: 'succeeded',
      finished_at: new Date().toISOString(),
      observed_at: new Date().toISOString(),
      ...overrides,
    };
  }

  beforeAll(async () => {
    world = await GatewayWorld.create('trigger-bindings');
    gateway = await world.startGateway({ RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    // The scheduler hosts the durable consumer of observed pipeline runs.
    world.runners.push(await startApp('scheduler', world.env.env));
    principals = await seedPrincipals(world, api(), 'trigger-bindings');
    suiteId = await suite('orders after load');
    await principals.share(suiteId);
  });

  afterAll(async () => {
    await world?.close();
  });

  it('creates, reads, disables and deletes a binding with the suite grants; refusals write nothing', async () => {
    const created = await as('member', 'POST', '/trigger-bindings', {
      provider: 'factory',
      pipeline_id: 'pl_copy_orders',
      env: 'prod',
      suite_id: suiteId,
    });
    expect(created.status).toBe(201);
    const binding = created.body as Binding;
    expect(binding).toMatchObject({
      provider: 'factory',
      pipeline_id: 'pl_copy_orders',
      env: 'prod',
      suite_id: suiteId,
      enabled: true,
      suite_exists: true,
      suite_name: 'orders after load',
    });
    const before = await bindingCount();

    const again = await as('owner', 'POST', '/trigger-bindings', {
      provider: 'factory',
      pipeline_id: 'pl_copy_orders',
      env: 'prod',
      suite_id: suiteId,
    });
    expect(again.status).toBe(409);
    const viewerCreate = await as('viewer', 'POST', '/trigger-bindings', {
      provider: 'factory',
      pipeline_id: 'pl_other',
      env: 'prod',
      suite_id: suiteId,
    });
    expect(viewerCreate.status).toBe(403);
    const strangerCreate = await as('stranger', 'POST', '/trigger-bindings', {
      provider: 'factory',
      pipeline_id: 'pl_other',
      env: 'prod',
      suite_id: suiteId,
    });
    expect(strangerCreate.status).toBe(404);
    const badProvider = await as('member', 'POST', '/trigger-bindings', {
      provider: 'cron',
      pipeline_id: 'pl_other',
      env: 'prod',
      suite_id: suiteId,
    });
    expect(badProvider.status).toBe(422);
    expect(fieldsOf(badProvider)).toEqual(['provider']);
    const blank = await as('member', 'POST', '/trigger-bindings', {
      provider: 'factory',
      pipeline_id: '  ',
      env: 'prod',
      suite_id: suiteId,
    });
    expect(blank.status).toBe(422);
    expect(fieldsOf(blank)).toEqual(['pipeline_id']);
    expect((await as('stranger', 'GET', `/trigger-bindings/${binding.id}`)).status).toBe(404);
    expect(
      (await as('stranger', 'PATCH', `/trigger-bindings/${binding.id}`, { enabled: false })).status,
    ).toBe(404);
    expect((await as('viewer', 'PATCH', `/trigger-bindings/${binding.id}`, { enabled: false })).status).toBe(
      403,
    );
    expect((await as('viewer', 'DELETE', `/trigger-bindings/${binding.id}`)).status).toBe(403);
    expect(await bindingCount()).toBe(before);

    expect(((await as('viewer', 'GET', `/trigger-bindings/${binding.id}`)).body as Binding).enabled).toBe(
      true,
    );
    const listed = await as('viewer', 'GET', '/trigger-bindings?limit=200');
    expect((listed.body as { items: Binding[] }).items.map((item) => item.id)).toContain(binding.id);
    expect((await as('stranger', 'GET', '/trigger-bindings')).body).toEqual({ items: [], next_cursor: null });

    const disabled = await as('member', 'PATCH', `/trigger-bindings/${binding.id}`, { enabled: false });
    expect(disabled.status).toBe(200);
    expect((disabled.body as Binding).enabled).toBe(false);
    expect((await as('member', 'DELETE', `/trigger-bindings/${binding.id}`)).status).toBe(204);
    expect((await as('owner', 'GET', `/trigger-bindings/${binding.id}`)).status).toBe(404);
  });

  it('a succeeded pipeline run published twice, and again as another event, queues the suite once with trigger pipeline', async () => {
    const pipelineId = `load_orders_${randomUUID().slice(0, 8)}`;
    const created = await as('member', 'POST', '/trigger-bindings', {
      provider: 'scheduler',
      pipeline_id: pipelineId,
      env: 'prod',
      suite_id: suiteId,
    });
    expect(created.status).toBe(201);
    const first = observed({ pipeline_id: pipelineId });
    // JetStream stores the same message id once; another message id is a redelivery the inbox absorbs.
    await waitFor('the events stream to take the event', async () => {
      await publish(first);
      return true;
    });
    await waitFor('the scheduler to consume the event', async () =>
      (await consumed(first.event_id)) ? true : undefined,
    );
    const [queued] = await runsOf(suiteId);
    expect(queued).toEqual({ id: expect.any(String), trigger: 'pipeline' });
    // Ended, so that a second firing would create a new run rather than join this one.
    expect((await as('owner', 'POST', `/runs/${queued.id}/cancel`)).status).toBeLessThan(300);
    await publish(first, `${first.event_id}:again`);
    const sameRunAgain = { ...first, event_id: randomUUID() };
    await publish(sameRunAgain);
    await waitFor('the scheduler to consume the repeat', async () =>
      (await consumed(sameRunAgain.event_id)) ? true : undefined,
    );
    expect(await runsOf(suiteId)).toEqual([queued]);
    const listed = await as('owner', 'GET', `/runs?suite_id=${suiteId}`);
    expect((listed.body as { items: { id: string; trigger: string }[] }).items).toEqual([
      expect.objectContaining({ id: queued.id, trigger: 'pipeline' }),
    ]);
  });

  it('a failed pipeline run queues nothing; a disabled binding is a near-miss with its reason', async () => {
    const otherSuite = await suite('orders after a disabled load');
    const pipelineId = `load_customers_${randomUUID().slice(0, 8)}`;
    const binding = (
      await as('owner', 'POST', '/trigger-bindings', {
        provider: 'builder',
        pipeline_id: pipelineId,
        env: 'prod',
        suite_id: otherSuite,
        enabled: true,
      })
    ).body as Binding;
    const failed = observed({ provider: 'builder', pipeline_id: pipelineId, status: 'failed' });
    await publish(failed);
    await waitFor('the failed run to be consumed', async () =>
      (await consumed(failed.event_id)) ? true : undefined,
    );
    expect(await runsOf(otherSuite)).toEqual([]);

    expect((await as('owner', 'PATCH', `/trigger-bindings/${binding.id}`, { enabled: false })).status).toBe(
      200,
    );
    const succeeded = observed({ provider: 'builder', pipeline_id: pipelineId });
    await publish(succeeded);
    await waitFor('the succeeded run to be consumed', async () =>
      (await consumed(succeeded.event_id)) ? true : undefined,
    );
    expect(await runsOf(otherSuite)).toEqual([]);

    const nearMisses = (await as('owner', 'GET', '/orchestration/near-misses')).body as { items: NearMiss[] };
    const miss = nearMisses.items.find((item) => item.run_id === succeeded.run_id);
    expect(miss).toMatchObject({
      pipeline_id: pipelineId,
      reason: 'disabled',
      closest_binding: { id: binding.id, enabled: false },
    });
    // The failed run is no near-miss; a member without the suite sees the miss but not the binding;
    // a viewer who cannot see the suite does not see the miss at all.
    expect(nearMisses.items.some((item) => item.run_id === failed.run_id)).toBe(false);
    const strangers = (await as('stranger', 'GET', '/orchestration/near-misses')).body as {
      items: NearMiss[];
    };
    expect(strangers.items.find((item) => item.run_id === succeeded.run_id)).toMatchObject({
      reason: 'disabled',
      closest_binding: null,
    });
    const viewers = (await as('viewer', 'GET', '/orchestration/near-misses')).body as { items: NearMiss[] };
    expect(viewers.items.some((item) => item.run_id === succeeded.run_id)).toBe(false);
  });
});
