import { Consumers, Events, Jobs, Requests, RunStatus, ServiceName } from '@dq/contracts';
import { currentTraceContext, metricsRegistry, runInTrace } from '@dq/platform';
import { type INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsClient } from '../connections/nats-client';
import { DurableConsumerRunner } from '../jetstream/durable-consumer';
import { EventPublisher } from '../jetstream/event-publisher';
import { JobProducer } from '../queues/job-producer';
import { WorkerHost } from '../queues/worker-host';
import { RpcClient } from '../rpc/rpc-client';
import { RpcServer } from '../rpc/rpc-server';
import { cleanupNamespace, openMessaging, testNamespace, waitFor } from '../testing/messaging-test-context';

jest.setTimeout(60_000);

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const TRACEPARENT = `00-${TRACE_ID}-b7ad6b7169203331-01`;

describe('trace context through BullMQ jobs and NATS messages (real Redis and NATS)', () => {
  let namespace: string;
  let producerSide: INestApplicationContext;
  let consumerSide: INestApplicationContext;

  beforeEach(async () => {
    namespace = testNamespace();
    producerSide = await openMessaging(namespace, ServiceName.ApiGateway, 'gateway-1');
    consumerSide = await openMessaging(namespace, ServiceName.Runner, 'runner-1');
  });

  afterEach(async () => {
    await Promise.all([producerSide.close(), consumerSide.close()]);
    await cleanupNamespace(namespace);
  });

  it('a job enqueued inside a trace runs in a child span of it; the payload is untouched', async () => {
    const traced = randomUUID();
    const untraced = randomUUID();
    const seen = new Map<string, { traceId?: string; payload: unknown }>();
    await runInTrace(TRACEPARENT, () =>
      producerSide.get(JobProducer).enqueue(Jobs.ExecuteRun, { run_id: traced }, { jobId: traced }),
    );
    await producerSide.get(JobProducer).enqueue(Jobs.ExecuteRun, { run_id: untraced }, { jobId: untraced });
    await consumerSide.get(WorkerHost).start(
      Jobs.ExecuteRun,
      async (payload) => {
        seen.set(payload.run_id, { traceId: currentTraceContext()?.traceId, payload });
      },
      { concurrency: 1 },
    );
    await waitFor(() => seen.size === 2, 'both jobs');

    expect(seen.get(traced)).toEqual({ traceId: TRACE_ID, payload: { run_id: traced } });
    // Without a trace at enqueue the job starts its own.
    expect(seen.get(untraced)?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(seen.get(untraced)?.traceId).not.toBe(TRACE_ID);
    const metrics = await metricsRegistry.metrics();
    expect(metrics).toMatch(/^dq_queue_wait_seconds_count\{queue="runs"\} [1-9]/m);
    expect(metrics).toMatch(/^dq_queue_jobs\{queue="runs",state="waiting"\} 0$/m);
  });

  it('a request carries the trace in its NATS headers to the answering service', async () => {
    let answeredIn: string | undefined;
    // A service neither side runs as: each side's own ping responder answers for its own name.
    consumerSide.get(RpcServer).handle(Requests.ServicePing, ServiceName.Alerting, async () => {
      answeredIn = currentTraceContext()?.traceId;
      return { service: 'alerting', instance_id: 'a', at: new Date().toISOString() };
    });
    await consumerSide.get(NatsClient).connection.flush();
    await runInTrace(TRACEPARENT, () =>
      producerSide
        .get(RpcClient)
        .request(Requests.ServicePing, ServiceName.Alerting, { from: 'api-gateway' }, { timeoutMs: 2_000 }),
    );
    expect(answeredIn).toBe(TRACE_ID);
  });

  it('an event carries the trace in its NATS headers to a durable consumer', async () => {
    const event = {
      event_id: randomUUID(),
      run_id: randomUUID(),
      suite_id: randomUUID(),
      status: RunStatus.Succeeded,
      outcome_counts: { pass: 1 },
      total_checks: 1,
      finished_at: new Date().toISOString(),
    };
    await runInTrace(TRACEPARENT, () =>
      producerSide.get(EventPublisher).publish(Events.RunCompleted, event, { messageId: event.run_id }),
    );
    const traces: (string | undefined)[] = [];
    const handle = await consumerSide
      .get(DurableConsumerRunner)
      .start(Consumers.AlertingRunCompleted, async () => {
        traces.push(currentTraceContext()?.traceId);
      });
    await waitFor(() => traces.length === 1, 'the delivery');
    await handle.stop();
    expect(traces).toEqual([TRACE_ID]);
  });
});
