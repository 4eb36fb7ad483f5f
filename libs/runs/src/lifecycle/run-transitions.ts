import { RunStatus } from '@dq/contracts';

/** What moves a run from one status to another (docs/runs.md, "States"). */
export const RunEvent = {
  /** A runner takes the run: queued, or running under a worker that was lost and redelivered it. */
  Claim: 'claim',
  /** Every check was evaluated and recorded. */
  Succeed: 'succeed',
  /** The run as a whole could not complete (datasource unreachable, results not stored). */
  Fail: 'fail',
  /** A cancel was asked of a running run: recorded on the row, the status stays. */
  RequestCancel: 'request_cancel',
  /** The runner saw the cancel of its running run and ended it. */
  AcknowledgeCancel: 'acknowledge_cancel',
  /** A queued run was cancelled: no runner started it. */
  CancelQueued: 'cancel_queued',
  /** The runner shut down mid-run: the run goes back to the queue. */
  HandBack: 'hand_back',
  /** The run's lease lapsed: its runner is gone. */
  LoseWorker: 'lose_worker',
  /** The run was created but no queue took its job. */
  FailToQueue: 'fail_to_queue',
} as const;
export type RunEvent = (typeof RunEvent)[keyof typeof RunEvent];

/** The status a run is created in. */
export const RUN_INITIAL_STATUS = RunStatus.Queued;

/**
 * The run state machine: from-status -> event -> to-status. An event absent from a status's row is
 * refused in that status; the terminal statuses accept none.
 */
export const RUN_TRANSITIONS: {
  readonly [From in RunStatus]: { readonly [Event in RunEvent]?: RunStatus };
} = {
  [RunStatus.Queued]: {
    [RunEvent.Claim]: RunStatus.Running,
    [RunEvent.CancelQueued]: RunStatus.Cancelled,
    [RunEvent.FailToQueue]: RunStatus.Failed,
  },
  [RunStatus.Running]: {
    [RunEvent.Claim]: RunStatus.Running,
    [RunEvent.Succeed]: RunStatus.Succeeded,
    [RunEvent.Fail]: RunStatus.Failed,
    [RunEvent.RequestCancel]: RunStatus.Running,
    [RunEvent.AcknowledgeCancel]: RunStatus.Cancelled,
    [RunEvent.HandBack]: RunStatus.Queued,
    [RunEvent.LoseWorker]: RunStatus.Failed,
  },
  [RunStatus.Succeeded]: {},
  [RunStatus.Failed]: {},
  [RunStatus.Cancelled]: {},
};

const ALL_STATUSES = Object.keys(RUN_TRANSITIONS) as RunStatus[];

/** The status `event` moves a run in `from` to; undefined when the event is refused there. */
export function nextRunStatus(from: RunStatus, event: RunEvent): RunStatus | undefined {
  return RUN_TRANSITIONS[from][event];
}

/** The statuses in which `event` is allowed, in the table's order. */
export function runStatusesAccepting(event: RunEvent): RunStatus[] {
  return ALL_STATUSES.filter((status) => RUN_TRANSITIONS[status][event] !== undefined);
}

/** The one status `event` leads to, from whichever status accepts it. */
export function runStatusAfter(event: RunEvent): RunStatus {
  const targets = new Set(runStatusesAccepting(event).map((from) => RUN_TRANSITIONS[from][event]));
  const [only, ...others] = [...targets];
  if (only === undefined || others.length > 0)
    throw new Error(`run event "${event}" has no single target status`);
  return only;
}

/** The events by which a runner ends the run it holds. */
export type RunEndEvent = typeof RunEvent.Succeed | typeof RunEvent.Fail | typeof RunEvent.AcknowledgeCancel;
