import { DatasourceTestReply, DatasourceTestRequest } from '../datasources/datasource-requests';
import {
  CheckDryRunReply,
  CheckDryRunRequest,
  TargetColumnsReply,
  TargetFilesReply,
  TargetProfileReply,
  TargetProfileRequest,
  TargetRequest,
} from '../datasources/target-requests';
import {
  ExecuteRunJob,
  RunCancelRequestedEvent,
  RunCompletedEvent,
  RunProgressEvent,
} from '../runs/run-events';
import { PipelineRunObservedEvent } from '../orchestration/pipeline-run-events';
import { OrchestrationPollFailedEvent } from '../orchestration/poll-failure-events';
import { NotificationChannelTestRequest, NotificationChannelTestResult } from '../alerting/channel-test.dto';
import { ServicePingReply, ServicePingRequest } from '../services/service-ping';
import { type ServiceName } from '../services/service-name';
import {
  type ConsumerDefinition,
  type QueueDefinition,
  type RequestDefinition,
  type StreamDefinition,
  defineEvent,
  defineJob,
} from './definitions';

const DAY = 24 * 60 * 60;

/** The one JetStream stream for domain events that must not be lost. */
export const Streams = {
  Events: {
    name: 'EVENTS',
    subjects: ['events.>'],
    maxAgeSeconds: 7 * DAY,
    duplicateWindowSeconds: 2 * 60 * 60,
  },
} as const satisfies Record<string, StreamDefinition>;

export const Events = {
  RunCompleted: defineEvent('events.run.completed', Streams.Events, RunCompletedEvent),
  /** The orchestration observer saw a pipeline run; message id = the event's `event_id`. */
  PipelineRunObserved: defineEvent('events.pipeline_run.observed', Streams.Events, PipelineRunObservedEvent),
  /** An orchestrator connection's polls failed 3 times in a row; message id = the event's `event_id`. */
  OrchestrationPollFailed: defineEvent(
    'events.orchestration.poll_failed',
    Streams.Events,
    OrchestrationPollFailedEvent,
  ),
};

const defaultConsumer = { ackWaitSeconds: 30, maxDeliver: 20 } as const;

/** Durable consumers; each survives restarts of its service and of NATS. */
export const Consumers = {
  AlertingRunCompleted: {
    durable: 'alerting-run-completed',
    event: Events.RunCompleted,
    ...defaultConsumer,
  } satisfies ConsumerDefinition<RunCompletedEvent>,
  /** The alerting process pushes one poll-failure alert per streak to the workspace default channel. */
  AlertingPollFailed: {
    durable: 'alerting-poll-failed',
    event: Events.OrchestrationPollFailed,
    ...defaultConsumer,
  } satisfies ConsumerDefinition<OrchestrationPollFailedEvent>,
  LineageRunCompleted: {
    durable: 'lineage-run-completed',
    event: Events.RunCompleted,
    ...defaultConsumer,
  } satisfies ConsumerDefinition<RunCompletedEvent>,
  /** The scheduler records each pipeline run and queues the suites its enabled bindings name. */
  SchedulerPipelineRunObserved: {
    durable: 'scheduler-pipeline-run-observed',
    event: Events.PipelineRunObserved,
    ...defaultConsumer,
  } satisfies ConsumerDefinition<PipelineRunObservedEvent>,
};

/** Core NATS request/reply. */
export const Requests = {
  ServicePing: {
    subject: 'rpc.{service}.ping',
    request: ServicePingRequest,
    reply: ServicePingReply,
  } satisfies RequestDefinition<ServicePingRequest, ServicePingReply>,
  /** Gateway -> runner: test a saved or draft connection; only the runner opens the credential. */
  DatasourceTest: {
    subject: 'rpc.{service}.datasource.test',
    request: DatasourceTestRequest,
    reply: DatasourceTestReply,
  } satisfies RequestDefinition<DatasourceTestRequest, DatasourceTestReply>,
  /** Gateway -> runner: column names and types of a suite's resolved target. */
  TargetColumns: {
    subject: 'rpc.{service}.target.columns',
    request: TargetRequest,
    reply: TargetColumnsReply,
  } satisfies RequestDefinition<TargetRequest, TargetColumnsReply>,
  /** Gateway -> runner: the files a flat-file target (one file or a batch pattern) matches now. */
  TargetFiles: {
    subject: 'rpc.{service}.target.files',
    request: TargetRequest,
    reply: TargetFilesReply,
  } satisfies RequestDefinition<TargetRequest, TargetFilesReply>,
  /** Gateway -> runner: the column profiler; nothing is stored. */
  TargetProfile: {
    subject: 'rpc.{service}.target.profile',
    request: TargetProfileRequest,
    reply: TargetProfileReply,
  } satisfies RequestDefinition<TargetProfileRequest, TargetProfileReply>,
  /** Gateway -> runner: evaluate one check definition against live data; nothing is stored. */
  CheckDryRun: {
    subject: 'rpc.{service}.check.dryrun',
    request: CheckDryRunRequest,
    reply: CheckDryRunReply,
  } satisfies RequestDefinition<CheckDryRunRequest, CheckDryRunReply>,
  /** Gateway -> alerting: send a test alert to a channel now; only alerting opens channel secrets. */
  NotificationChannelTest: {
    subject: 'rpc.{service}.channel.test',
    request: NotificationChannelTestRequest,
    reply: NotificationChannelTestResult,
  } satisfies RequestDefinition<NotificationChannelTestRequest, NotificationChannelTestResult>,
};

export function requestSubject(
  definition: RequestDefinition<unknown, unknown>,
  service: ServiceName,
): string {
  return definition.subject.replace('{service}', service);
}

/** Core NATS fan-out subjects (not persisted). */
export const Broadcasts = {
  runProgress: (runId: string): { subject: string; payload: typeof RunProgressEvent } => ({
    subject: `progress.run.${runId}`,
    payload: RunProgressEvent,
  }),
  /** A cancel of a running run: the runner holding it stops its datasource work at once. */
  runCancel: (runId: string): { subject: string; payload: typeof RunCancelRequestedEvent } => ({
    subject: `control.run.${runId}.cancel`,
    payload: RunCancelRequestedEvent,
  }),
};

/** BullMQ queues on Redis. */
export const Queues = {
  Runs: { name: 'runs' },
  Llm: { name: 'llm' },
  LineageRefresh: { name: 'lineage-refresh' },
  OrchestrationPolls: { name: 'orchestration-polls' },
} as const satisfies Record<string, QueueDefinition>;

export const Jobs = {
  ExecuteRun: defineJob(Queues.Runs, 'execute-run', ExecuteRunJob, 5),
};
