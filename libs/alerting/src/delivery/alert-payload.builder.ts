import type {
  AlertPayload,
  AlertPayloadCheck,
  CheckOutcome,
  OrchestrationPollFailedEvent,
  PipelineProvider,
  RunCompletedCheck,
  RunCompletedEvent,
} from '@dq/contracts';

/** The event types a channel receives: a first alert, an escalation, a send test, a poll failure. */
export const ALERT_EVENT_TYPES = ['alert', 'alert.escalation', 'alert.test', 'poll_failure'] as const;
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number];

/** A payload check, with the end of a snooze that just ended ("was snoozed until ..."). */
export interface DeliveryPayloadCheck extends AlertPayloadCheck {
  snooze_ended_at: string | null;
}

/** The generic alert payload as delivered: F1's field list, with the event type widened. */
export interface RunAlertPayload extends Omit<AlertPayload, 'type' | 'checks'> {
  type: Exclude<AlertEventType, 'poll_failure'>;
  checks: DeliveryPayloadCheck[];
}

/** A poll-failure alert: an orchestrator connection the observer could not poll, no run or suite. */
export interface PollFailurePayload {
  type: 'poll_failure';
  alert_id: string;
  created_at: string;
  severity: 'fail';
  summary: string;
  connection: { id: string; name: string; provider: PipelineProvider };
  poll: {
    consecutive_failures: number;
    first_failed_at: string;
    last_failed_at: string;
    /** An error class only, never a URL or a secret. */
    last_error_class: string;
  };
}

/** What one delivery row carries: a run alert (or its test) or a poll-failure alert. */
export type DeliveryPayload = RunAlertPayload | PollFailurePayload;

/** What the rules decided about one check of the run. */
export interface AlertingCheck {
  check: RunCompletedCheck;
  incident_id?: string | null;
  /** Set when the check's snooze ended since its last alert. */
  snooze_ended_at?: string | null;
}

export interface BuildAlertPayloadInput {
  type: RunAlertPayload['type'];
  event: RunCompletedEvent;
  checks: readonly AlertingCheck[];
  /** `PUBLIC_BASE_URL` of the web app; the run link is left out without it. */
  publicBaseUrl?: string | null;
  /** Overwritten with the delivery id when the row is queued. */
  alertId?: string;
  now?: Date;
}

const SEVERITY_RANK: Record<string, number> = { pass: 0, skip: 0, error: 1, warn: 2, fail: 3, critical: 4 };

/** The highest of the outcomes, by warn < fail < critical (error below warn). */
export function highestSeverity(outcomes: readonly (CheckOutcome | null)[]): CheckOutcome {
  let best: CheckOutcome = 'warn';
  let rank = -1;
  for (const outcome of outcomes) {
    if (outcome === null) continue;
    const r = SEVERITY_RANK[outcome] ?? 0;
    if (r > rank) {
      rank = r;
      best = outcome;
    }
  }
  return best;
}

/** The run's page in the web app: `<PUBLIC_BASE_URL>/runs/<id>`. */
export function runUrl(publicBaseUrl: string | null | undefined, runId: string): string | null {
  if (publicBaseUrl === undefined || publicBaseUrl === null || publicBaseUrl.trim() === '') return null;
  return `${publicBaseUrl.replace(/\/+$/, '')}/runs/${encodeURIComponent(runId)}`;
}

/** One alert for one run: the checks the rules picked, grouped, with the run's counts. */
export function buildAlertPayload(input: BuildAlertPayloadInput): RunAlertPayload {
  const { event } = input;
  const checks: DeliveryPayloadCheck[] = input.checks.map(({ check, incident_id, snooze_ended_at }) => ({
    id: check.check_id,
    name: check.check_name,
    kind: check.kind,
    outcome: check.outcome,
    severity: check.severity ?? check.outcome,
    previous_outcome: check.previous_outcome,
    metric_value: check.metric_value,
    unexpected_percent: check.unexpected_percent,
    incident_id: incident_id ?? null,
    snooze_ended_at: snooze_ended_at ?? null,
  }));
  const severity = highestSeverity(checks.map((c) => c.severity));
  const counts = {
    pass: 0,
    warn: 0,
    fail: 0,
    critical: 0,
    error: 0,
    skip: 0,
  } as RunAlertPayload['counts'];
  for (const [outcome, count] of Object.entries(event.outcome_counts ?? {})) {
    if (outcome in counts && typeof count === 'number') counts[outcome as keyof typeof counts] = count;
  }
  const suiteName = event.suite_name ?? null;
  const incidentIds = [...new Set(checks.flatMap((c) => (c.incident_id === null ? [] : [c.incident_id])))];
  return {
    type: input.type,
    alert_id: input.alertId ?? '',
    created_at: (input.now ?? new Date()).toISOString(),
    severity,
    summary: summaryLine(input.type, suiteName ?? event.suite_id, checks.length, severity),
    suite: { id: event.suite_id, name: suiteName },
    run: {
      id: event.run_id,
      status: event.status,
      trigger: event.trigger ?? null,
      started_at: event.started_at ?? null,
      finished_at: event.finished_at ?? null,
      url: runUrl(input.publicBaseUrl, event.run_id),
    },
    target: {
      connection_id: event.target?.connection_id ?? null,
      target: event.target?.target ?? null,
    },
    counts,
    checks,
    incident_ids: incidentIds,
  };
}

function summaryLine(
  type: RunAlertPayload['type'],
  suite: string,
  checks: number,
  severity: CheckOutcome,
): string {
  const noun = checks === 1 ? 'check' : 'checks';
  if (type === 'alert.test') return `Test alert for channel: suite "${suite}"`;
  if (type === 'alert.escalation')
    return `Escalation: suite "${suite}" reached ${severity} on ${checks} ${noun}`;
  return `Suite "${suite}": ${checks} ${noun} at ${severity}`;
}

/** A sample payload for `POST /notification-channels/{id}/test`: clearly a test, with no real run. */
export function buildTestPayload(
  channel: { id: string; name: string },
  now: Date,
  publicBaseUrl?: string | null,
): RunAlertPayload {
  const runId = '00000000-0000-4000-8000-000000000000';
  return {
    type: 'alert.test',
    alert_id: '',
    created_at: now.toISOString(),
    severity: 'warn',
    summary: `Test alert for channel "${channel.name}"`,
    suite: { id: '00000000-0000-4000-8000-000000000000', name: 'Test suite' },
    run: {
      id: runId,
      status: 'failed',
      trigger: 'manual',
      started_at: now.toISOString(),
      finished_at: now.toISOString(),
      url: runUrl(publicBaseUrl, runId),
    },
    target: { connection_id: null, target: null },
    counts: { pass: 1, warn: 1, fail: 0, critical: 0, error: 0, skip: 0 },
    checks: [
      {
        id: '00000000-0000-4000-8000-000000000000',
        name: 'Test check',
        kind: 'row_count',
        outcome: 'warn',
        severity: 'warn',
        previous_outcome: 'pass',
        metric_value: 0,
        unexpected_percent: null,
        incident_id: null,
        snooze_ended_at: null,
      },
    ],
    incident_ids: [],
  };
}

/** The alert for one failure streak of an orchestrator connection's polls. */
export function buildPollFailurePayload(
  event: OrchestrationPollFailedEvent,
  now: Date = new Date(),
): PollFailurePayload {
  return {
    type: 'poll_failure',
    alert_id: '',
    created_at: now.toISOString(),
    severity: 'fail',
    summary:
      `Polling ${event.provider} connection "${event.connection_name}" failed ` +
      `${event.consecutive_failures} times in a row since ${event.first_failed_at} (${event.last_error_class})`,
    connection: { id: event.connection_id, name: event.connection_name, provider: event.provider },
    poll: {
      consecutive_failures: event.consecutive_failures,
      first_failed_at: event.first_failed_at,
      last_failed_at: event.last_failed_at,
      last_error_class: event.last_error_class,
    },
  };
}
