import type {
  DeliveryPayload,
  DeliveryPayloadCheck,
  PollFailurePayload,
  RunAlertPayload,
} from './alert-payload.builder';

/** A one-line title for chat and mail: what happened to which suite (or which connection). */
export function alertTitle(payload: DeliveryPayload): string {
  if (payload.type === 'poll_failure') {
    return `Orchestration polling failing: ${payload.connection.name} (${payload.connection.provider})`;
  }
  const suite = payload.suite.name ?? payload.suite.id;
  switch (payload.type) {
    case 'alert.test':
      return `Test alert: ${payload.summary}`;
    case 'alert.escalation':
      return `Escalated to ${payload.severity}: ${suite}`;
    default:
      return `${capitalise(payload.severity)}: ${suite}`;
  }
}

/** One line per check: name, outcome, what changed, metric, snooze note. */
export function checkLine(check: DeliveryPayloadCheck): string {
  const parts = [`${check.name ?? check.id} (${check.kind}): ${check.outcome ?? 'not evaluated'}`];
  if (check.previous_outcome !== null) parts.push(`was ${check.previous_outcome}`);
  if (check.metric_value !== null) parts.push(`metric ${check.metric_value}`);
  if (check.unexpected_percent !== null) parts.push(`${check.unexpected_percent}% unexpected`);
  if (check.snooze_ended_at !== null) parts.push(`was snoozed until ${check.snooze_ended_at}`);
  return parts.join(', ');
}

/** Counts as `2 fail, 1 warn, 10 pass`, non-zero only. */
export function countsLine(payload: RunAlertPayload): string {
  const order = ['critical', 'fail', 'warn', 'error', 'skip', 'pass'] as const;
  const parts = order.filter((k) => payload.counts[k] > 0).map((k) => `${payload.counts[k]} ${k}`);
  return parts.length === 0 ? 'no checks' : parts.join(', ');
}

/** The facts of a poll-failure alert, one per line, for every channel type. */
export function pollFailureFacts(payload: PollFailurePayload): Array<{ title: string; value: string }> {
  return [
    { title: 'Connection', value: `${payload.connection.name} (${payload.connection.id})` },
    { title: 'Orchestrator', value: payload.connection.provider },
    { title: 'Failed polls in a row', value: String(payload.poll.consecutive_failures) },
    { title: 'Failing since', value: payload.poll.first_failed_at },
    { title: 'Last failure', value: `${payload.poll.last_failed_at} (${payload.poll.last_error_class})` },
  ];
}

/** What the reader should do about a poll failure: pipeline triggers wait until polling recovers. */
export const POLL_FAILURE_HINT =
  'Pipeline runs of this connection are not being observed, so suites bound to them are not triggered. Check its credentials and reachability.';

/** Cuts text to `max` characters, marking the cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
