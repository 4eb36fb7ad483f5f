import { Consumers, Events, type RunCompletedEvent, RunStatus, ServiceName, Streams } from '@dq/contracts';
import { type INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsClient } from '../connections/nats-client';
import { MessagingNamespace } from '../messaging-namespace';
import {
  cleanupNamespace,
  deferred,
  openMessaging,
  testNamespace,
  waitFor,
} from '../testing/messaging-test-context';
import { InvalidPayloadError } from '../validation/invalid-payload.error';
import { DurableConsumerRunner, type EventMeta } from './durable-consumer';
import { EventPublisher } from './event-publisher';
import { JetStreamBootstrap } from './jetstream-bootstrap';

function runCompleted(overrides: Partial<RunCompletedEvent> = {}): RunCompletedEvent {
  return {
    event_id: randomUUID(),
    run_id: randomUUID(),
    suite_id: randomUUID(),
    status: RunStatus.Succeeded,
    outcome_counts: { pass: 3 },
    total_checks: 3,
    finished_at: new Date().toISOString(),
    ...overrides,
  };
}

jest.setTimeout(30_000);

const FAST_RETRY = { backoff: { baseDelayMs: 100, maxDelayMs: 500 }, resubscribeDelayMs: 100 };

describe('JetStream (real NATS)', () => {
  let namespace: string;
  let app: INestApplicationContext;
  let ns: MessagingNamespace;
  const others: INestApplicationContext[] = [];

  beforeEach(async () => {
    namespace = testNamespace();
    ns = new MessagingNamespace(namespace);
    app = await openMessaging(namespace, ServiceName.Alerting);
  });

  afterEach(async () => {
    await Promise.all([app, ...others.splice(0)].map((a) => a.close()));
    await cleanupNamespace(namespace);
  });

  async function jsm() {
    return app.get(NatsClient).jetstreamManager();
  }

  async function consumerSettled(durable: string): Promise<boolean> {
    const info = await (await jsm()).consumers.info(ns.streamName('EVENTS'), ns.durableName(durable));
    return info.num_pending === 0 && info.num_ack_pending === 0;
  }

  it('ensureStream and ensureConsumer are harmless to repeat, also concurrently, and namespace every name', async () => {
    const bootstrap = app.get(JetStreamBootstrap);
    const second = await openMessaging(namespace, ServiceName.Alerting);
    others.push(second);
    const otherBootstrap = second.get(JetStreamBootstrap);

    await Promise.all([bootstrap.ensureStream(Streams.Events), otherBootstrap.ensureStream(Streams.Events)]);
    const stream = await bootstrap.ensureStream(Streams.Events);
    await Promise.all([
      bootstrap.ensureConsumer(Consumers.AlertingRunCompleted),
      otherBootstrap.ensureConsumer(Consumers.AlertingRunCompleted),
    ]);
    const consumer = await bootstrap.ensureConsumer(Consumers.AlertingRunCompleted);

    expect(stream.config.name).toBe(`${namespace.toUpperCase()}_EVENTS`);
    expect(stream.config.subjects).toEqual([`${namespace}.events.>`]);
    expect(stream.config.storage).toBe('file');
    expect(stream.config.retention).toBe('limits');
    expect(stream.config.duplicate_window).toBe(Streams.Events.duplicateWindowSeconds * 1e9);
    expect(consumer.config.durable_name).toBe(`${namespace}_alerting-run-completed`);
    expect(consumer.config.filter_subject).toBe(`${namespace}.events.run.completed`);
    expect(consumer.config.ack_policy).toBe('explicit');
    expect(consumer.config.max_deliver).toBe(Consumers.AlertingRunCompleted.maxDeliver);

    const streams: string[] = [];
    for await (const name of (await jsm()).streams.names())
      if (name === stream.config.name) streams.push(name);
    expect(streams).toHaveLength(1);
  });

  it('updates a stream and a consumer whose settings changed', async () => {
    const bootstrap = app.get(JetStreamBootstrap);
    await bootstrap.ensureStream(Streams.Events);
    await bootstrap.ensureConsumer(Consumers.AlertingRunCompleted);

    const stream = await bootstrap.ensureStream({ ...Streams.Events, maxAgeSeconds: 3 * 24 * 3600 });
    const consumer = await bootstrap.ensureConsumer({ ...Consumers.AlertingRunCompleted, maxDeliver: 7 });

    expect(stream.config.max_age).toBe(3 * 24 * 3600 * 1e9);
    expect(consumer.config.max_deliver).toBe(7);
  });

  it('stores an event published twice with the same message id once', async () => {
    const publisher = app.get(EventPublisher);
    const event = runCompleted();

    const first = await publisher.publish(Events.RunCompleted, event, { messageId: event.run_id });
    const again = await publisher.publish(Events.RunCompleted, event, { messageId: event.run_id });

    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    expect(again.sequence).toBe(first.sequence);
    const info = await (await jsm()).streams.info(ns.streamName('EVENTS'));
    expect(info.state.messages).toBe(1);
  });

  it('refuses an invalid payload and stores nothing', async () => {
    const publisher = app.get(EventPublisher);
    const invalid = runCompleted({ run_id: 'not-a-uuid' });

    await expect(
      publisher.publish(Events.RunCompleted, invalid, { messageId: randomUUID() }),
    ).rejects.toBeInstanceOf(InvalidPayloadError);
    const extra = { ...runCompleted(), unexpected: true } as RunCompletedEvent;
    await expect(
      publisher.publish(Events.RunCompleted, extra, { messageId: randomUUID() }),
    ).rejects.toBeInstanceOf(InvalidPayloadError);

    await app.get(JetStreamBootstrap).ensureStream(Streams.Events);
    const info = await (await jsm()).streams.info(ns.streamName('EVENTS'));
    expect(info.state.messages).toBe(0);
  });

  it('delivers an event published while no consumer ran, once, when the durable consumer starts later', async () => {
    const event = runCompleted();
    await app.get(EventPublisher).publish(Events.RunCompleted, event, { messageId: event.run_id });

    const received: Array<{ payload: RunCompletedEvent; meta: EventMeta }> = [];
    const handle = await app
      .get(DurableConsumerRunner)
      .start(Consumers.AlertingRunCompleted, async (payload, meta) => {
        received.push({ payload, meta });
      });

    await waitFor(() => received.length === 1, 'the delivery');
    await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'the ack');
    await handle.stop();

    expect(received).toHaveLength(1);
    expect(received[0]?.payload).toEqual(event);
    expect(received[0]?.meta).toEqual({
      messageId: event.run_id,
      deliveryCount: 1,
      subject: 'events.run.completed',
    });
  });

  it('gives each of two durables on one stream the event once', async () => {
    const runner = app.get(DurableConsumerRunner);
    const alerting: string[] = [];
    const lineage: string[] = [];
    const a = await runner.start(Consumers.AlertingRunCompleted, async (p) => void alerting.push(p.run_id));
    const l = await runner.start(Consumers.LineageRunCompleted, async (p) => void lineage.push(p.run_id));

    const event = runCompleted();
    await app.get(EventPublisher).publish(Events.RunCompleted, event, { messageId: event.run_id });

    await waitFor(() => alerting.length === 1 && lineage.length === 1, 'both deliveries');
    await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'alerting ack');
    await waitFor(() => consumerSettled(Consumers.LineageRunCompleted.durable), 'lineage ack');
    await Promise.all([a.stop(), l.stop()]);

    expect(alerting).toEqual([event.run_id]);
    expect(lineage).toEqual([event.run_id]);
  });

  it('redelivers after the handler throws, then acks', async () => {
    const deliveries: number[] = [];
    const handle = await app.get(DurableConsumerRunner).start(
      Consumers.AlertingRunCompleted,
      async (_payload, meta) => {
        deliveries.push(meta.deliveryCount);
        if (meta.deliveryCount === 1) throw new Error('transient failure');
      },
      FAST_RETRY,
    );
    const event = runCompleted();
    await app.get(EventPublisher).publish(Events.RunCompleted, event, { messageId: event.run_id });

    await waitFor(() => deliveries.length === 2, 'the redelivery');
    await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'the ack');
    await handle.stop();

    expect(deliveries).toEqual([1, 2]);
  });

  it('never hands an invalid payload to the handler and does not redeliver it', async () => {
    const received: string[] = [];
    const handle = await app
      .get(DurableConsumerRunner)
      .start(Consumers.AlertingRunCompleted, async (p) => void received.push(p.run_id), FAST_RETRY);

    // Bypass the publisher's validation, as a buggy or foreign producer would.
    const js = app.get(NatsClient).jetstream();
    await js.publish(ns.subject(Events.RunCompleted.subject), JSON.stringify({ run_id: 'nope' }), {
      msgID: 'bad-1',
    });
    await js.publish(ns.subject(Events.RunCompleted.subject), 'not json', { msgID: 'bad-2' });
    const valid = runCompleted();
    await app.get(EventPublisher).publish(Events.RunCompleted, valid, { messageId: valid.run_id });

    await waitFor(() => received.length === 1, 'the valid event');
    await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'all three settled');
    await handle.stop();

    expect(received).toEqual([valid.run_id]);
  });

  it('keeps events of another namespace apart', async () => {
    const otherNamespace = testNamespace();
    const other = await openMessaging(otherNamespace, ServiceName.Alerting);
    try {
      const event = runCompleted();
      await other.get(EventPublisher).publish(Events.RunCompleted, event, { messageId: event.run_id });

      const received: string[] = [];
      const handle = await app
        .get(DurableConsumerRunner)
        .start(Consumers.AlertingRunCompleted, async (p) => void received.push(p.run_id));
      await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'an idle consumer');
      await handle.stop();

      expect(received).toEqual([]);
      const mine = await (await jsm()).streams.info(ns.streamName('EVENTS'));
      expect(mine.state.messages).toBe(0);
    } finally {
      await other.close();
      await cleanupNamespace(otherNamespace);
    }
  });

  it('stop() waits for the in-flight handler, whose message is then acked', async () => {
    const entered = deferred();
    const release = deferred();
    let finished = false;
    const handle = await app.get(DurableConsumerRunner).start(Consumers.AlertingRunCompleted, async () => {
      entered.resolve();
      await release.promise;
      finished = true;
    });
    const event = runCompleted();
    await app.get(EventPublisher).publish(Events.RunCompleted, event, { messageId: event.run_id });
    await entered.promise;

    let stopped = false;
    const stopping = handle.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);

    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'the ack');
  });

  it('re-subscribes when its message iterator ends (here: the consumer was deleted) and keeps consuming', async () => {
    const received: string[] = [];
    const handle = await app
      .get(DurableConsumerRunner)
      .start(Consumers.AlertingRunCompleted, async (p) => void received.push(p.run_id), FAST_RETRY);
    const first = runCompleted();
    await app.get(EventPublisher).publish(Events.RunCompleted, first, { messageId: first.run_id });
    await waitFor(() => received.includes(first.run_id), 'the first event');

    await (
      await jsm()
    ).consumers.delete(ns.streamName('EVENTS'), ns.durableName(Consumers.AlertingRunCompleted.durable));
    const second = runCompleted();
    await app.get(EventPublisher).publish(Events.RunCompleted, second, { messageId: second.run_id });

    await waitFor(() => received.includes(second.run_id), 'the event published after the deletion');
    await handle.stop();
    // The re-created consumer starts from the stream's beginning: at least once, never lost.
    expect(received.filter((id) => id === second.run_id).length).toBeGreaterThanOrEqual(1);
  });

  async function publishAll(events: RunCompletedEvent[]): Promise<void> {
    const publisher = app.get(EventPublisher);
    // One after another, so stream order is the order of `events`.
    for (const event of events)
      await publisher.publish(Events.RunCompleted, event, { messageId: event.event_id });
  }

  async function ackPending(): Promise<number> {
    const info = await (
      await jsm()
    ).consumers.info(ns.streamName('EVENTS'), ns.durableName(Consumers.AlertingRunCompleted.durable));
    return info.num_ack_pending;
  }

  describe('one message at a time', () => {
    it('handles one message at a time, in stream order', async () => {
      let active = 0;
      let most = 0;
      const done: string[] = [];
      const handle = await app.get(DurableConsumerRunner).start(Consumers.AlertingRunCompleted, async (p) => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        active -= 1;
        done.push(p.run_id);
      });
      const events = Array.from({ length: 5 }, () => runCompleted());
      await publishAll(events);
      await waitFor(() => done.length === 5, 'all five');
      await handle.stop();

      expect(most).toBe(1);
      expect(done).toEqual(events.map((e) => e.run_id));
    });

    it('redelivers the message whose handler threw while the others are acked once', async () => {
      const failing = runCompleted();
      const others = Array.from({ length: 5 }, () => runCompleted());
      const deliveries = new Map<string, number[]>();
      const handle = await app.get(DurableConsumerRunner).start(
        Consumers.AlertingRunCompleted,
        async (p, meta) => {
          deliveries.set(p.run_id, [...(deliveries.get(p.run_id) ?? []), meta.deliveryCount]);
          if (p.run_id === failing.run_id && meta.deliveryCount === 1) throw new Error('transient failure');
        },
        FAST_RETRY,
      );
      await publishAll([failing, ...others]);
      await waitFor(() => deliveries.get(failing.run_id)?.length === 2, 'the redelivery');
      await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'every ack');
      await handle.stop();

      expect(deliveries.get(failing.run_id)).toEqual([1, 2]);
      for (const event of others) expect(deliveries.get(event.run_id)).toEqual([1]);
    });
  });

  describe('batch mode', () => {
    const batchOf = (maxSize: number) => ({
      ...FAST_RETRY,
      batch: { maxSize, maxWaitMs: 0 },
      orderingKey: (p: RunCompletedEvent) => p.suite_id,
    });

    it('hands over what is buffered, at most maxSize and one message per key per batch, each key in stream order', async () => {
      const [a, b] = [randomUUID(), randomUUID()];
      const events = [
        runCompleted({ suite_id: a }),
        runCompleted({ suite_id: a }),
        runCompleted({ suite_id: b }),
        runCompleted({ suite_id: a }),
        ...Array.from({ length: 6 }, () => runCompleted()),
        runCompleted({ suite_id: b }),
      ];
      // Published before the consumer starts, so its first pull finds them all.
      await publishAll(events);
      const batches: RunCompletedEvent[][] = [];
      const handle = await app.get(DurableConsumerRunner).startBatch(
        Consumers.AlertingRunCompleted,
        async (items) => {
          batches.push(items.map((item) => item.payload));
          await new Promise((resolve) => setTimeout(resolve, 10));
        },
        batchOf(4),
      );
      await waitFor(() => batches.flat().length === events.length, 'every event');
      await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'every ack');
      await handle.stop();

      for (const batch of batches) {
        expect(batch.length).toBeLessThanOrEqual(4);
        expect(new Set(batch.map((e) => e.suite_id)).size).toBe(batch.length);
      }
      expect(Math.max(...batches.map((batch) => batch.length))).toBe(4);
      const handled = batches.flat();
      expect(new Set(handled.map((e) => e.event_id)).size).toBe(events.length);
      for (const suite of [a, b]) {
        expect(handled.filter((e) => e.suite_id === suite).map((e) => e.run_id)).toEqual(
          events.filter((e) => e.suite_id === suite).map((e) => e.run_id),
        );
      }
      // Stream order within a batch too.
      for (const batch of batches) {
        const positions = batch.map((e) => events.findIndex((x) => x.event_id === e.event_id));
        expect(positions).toEqual([...positions].sort((x, y) => x - y));
      }
    });

    it('acks the messages of a batch only after the handler returned', async () => {
      const gate = deferred();
      const batches: number[] = [];
      let returned = 0;
      await publishAll(Array.from({ length: 3 }, () => runCompleted()));
      const handle = await app.get(DurableConsumerRunner).startBatch(
        Consumers.AlertingRunCompleted,
        async (items) => {
          batches.push(items.length);
          await gate.promise;
          returned += items.length;
        },
        batchOf(8),
      );
      await waitFor(() => batches.length === 1, 'the first batch');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(returned).toBe(0);
      expect(await ackPending()).toBe(3);
      gate.resolve();
      await waitFor(() => returned === 3, 'all three');
      await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'every ack');
      await handle.stop();
    });

    it('redelivers every message of a batch whose handler threw, each then alone, then acks them', async () => {
      const events = Array.from({ length: 4 }, () => runCompleted());
      await publishAll(events);
      const deliveries = new Map<string, number[]>();
      const redeliveredBatchSizes: number[] = [];
      let calls = 0;
      let failed: string[] = [];
      const handle = await app.get(DurableConsumerRunner).startBatch(
        Consumers.AlertingRunCompleted,
        async (items) => {
          calls += 1;
          if (items.some((item) => item.meta.deliveryCount > 1)) redeliveredBatchSizes.push(items.length);
          for (const { payload, meta } of items)
            deliveries.set(payload.run_id, [...(deliveries.get(payload.run_id) ?? []), meta.deliveryCount]);
          if (calls === 1) {
            failed = items.map((item) => item.payload.run_id);
            throw new Error('transient failure');
          }
        },
        batchOf(8),
      );
      await waitFor(
        () =>
          events.every(
            (e) => (deliveries.get(e.run_id)?.length ?? 0) === (failed.includes(e.run_id) ? 2 : 1),
          ),
        'the redeliveries',
      );
      await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'every ack');
      await handle.stop();

      expect(failed.length).toBeGreaterThan(1);
      // A message that keeps failing cannot take the others of its batch down with it.
      expect(redeliveredBatchSizes).toEqual(failed.map(() => 1));
      for (const event of events)
        expect(deliveries.get(event.run_id)).toEqual(failed.includes(event.run_id) ? [1, 2] : [1]);
    });

    it('a message that always fails is given up alone; the others of its first batch are handled', async () => {
      const poison = runCompleted();
      const events = [runCompleted(), poison, runCompleted()];
      await publishAll(events);
      const handled: string[] = [];
      const handle = await app.get(DurableConsumerRunner).startBatch(
        { ...Consumers.AlertingRunCompleted, maxDeliver: 3 },
        async (items) => {
          if (items.some((item) => item.payload.run_id === poison.run_id)) throw new Error('poison');
          handled.push(...items.map((item) => item.payload.run_id));
        },
        batchOf(8),
      );
      await waitFor(() => handled.length === 2, 'the other two');
      await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'all settled');
      await handle.stop();
      expect(handled.sort()).toEqual([events[0].run_id, events[2].run_id].sort());
    });

    it('terminates an invalid payload on its own; the valid messages around it are handled once', async () => {
      const before = runCompleted();
      const after = runCompleted();
      await app.get(EventPublisher).publish(Events.RunCompleted, before, { messageId: before.event_id });
      await app
        .get(NatsClient)
        .jetstream()
        .publish(ns.subject(Events.RunCompleted.subject), JSON.stringify({ run_id: 'nope' }), {
          msgID: 'bad-1',
        });
      await app.get(EventPublisher).publish(Events.RunCompleted, after, { messageId: after.event_id });
      const received: string[] = [];
      const handle = await app
        .get(DurableConsumerRunner)
        .startBatch(
          Consumers.AlertingRunCompleted,
          async (items) => void received.push(...items.map((item) => item.payload.run_id)),
          batchOf(8),
        );
      await waitFor(() => received.length === 2, 'the valid events');
      await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'all three settled');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await handle.stop();
      expect(received).toEqual([before.run_id, after.run_id]);
    });

    it('stop() waits for the batch in flight, whose messages are then acked', async () => {
      const release = deferred();
      let inFlight = 0;
      let finished = 0;
      await publishAll(Array.from({ length: 3 }, () => runCompleted()));
      const handle = await app.get(DurableConsumerRunner).startBatch(
        Consumers.AlertingRunCompleted,
        async (items) => {
          inFlight += items.length;
          await release.promise;
          finished += items.length;
        },
        batchOf(8),
      );
      await waitFor(() => inFlight > 0, 'a batch in flight');
      let stopped = false;
      const stopping = handle.stop().then(() => {
        stopped = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopped).toBe(false);
      release.resolve();
      await stopping;
      expect(finished).toBe(inFlight);
      // Whatever was handled is acked, the rest given back; a new consumer gets only the rest.
      const rest: number[] = [];
      const again = await app
        .get(DurableConsumerRunner)
        .startBatch(
          Consumers.AlertingRunCompleted,
          async (items) => void rest.push(items.length),
          batchOf(8),
        );
      await waitFor(() => consumerSettled(Consumers.AlertingRunCompleted.durable), 'the rest settled');
      await again.stop();
      expect(finished + rest.reduce((x, y) => x + y, 0)).toBe(3);
    });
  });
});
