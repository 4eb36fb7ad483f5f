import type { DeliveryPayload, DeliveryPayloadCheck } from './alert-payload.builder';

/** A one-line title for chat and mail: what happened to which suite. */
export function alertTitle(payload: DeliveryPayload): string {
  const suite = payload.suite.name ?? payload.suite.id;
  switch (payload.type) {
    case 'alert.test':
      return `Test alert: ${payload.summary}`;
    case 'alert.escalation':
      return `Escalated to ${payload.severity}: ${suite}`;
    case 'poll_failure':
      return `Orchestration polling failing: ${suite}`;
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
export function countsLine(payload: DeliveryPayload): string {
  const order = ['critical', 'fail', 'warn', 'error', 'skip', 'pass'] as const;
  const parts = order.filter((k) => payload.counts[k] > 0).map((k) => `${payload.counts[k]} ${k}`);
  return parts.length === 0 ? 'no checks' : parts.join(', ');
}

/** Cuts text to `max` characters, marking the cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
