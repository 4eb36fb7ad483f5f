import { type CheckOutcome, type RunStatus, type RunTrigger } from '../runs/run-status';

/**
 * The generic alert payload: the JSON body a `webhook` channel receives (and what a
 * `payload_template` reshapes). One alert per run and channel, grouping the run's alerting checks.
 */
export interface AlertPayload {
  /** Always `alert`. */
  type: 'alert';
  /** Stable across retries of the same delivery (also the Standard Webhooks `webhook-id`). */
  alert_id: string;
  /** When the alert was built (ISO 8601). */
  created_at: string;
  /** The highest severity among the alert's checks: `warn`, `fail` or `critical`. */
  severity: CheckOutcome;
  /** One line a human reads first, e.g. `Suite "orders" failed 2 checks`. */
  summary: string;
  suite: { id: string; name: string | null };
  run: {
    id: string;
    status: RunStatus;
    trigger: RunTrigger | null;
    started_at: string | null;
    finished_at: string | null;
    /** The run's page in the web app, when the deployment knows its base URL. */
    url: string | null;
  };
  target: { connection_id: string | null; target: string | null };
  /** Checks per outcome in the run. */
  counts: Record<'pass' | 'warn' | 'fail' | 'critical' | 'error' | 'skip', number>;
  /** The checks this alert is about. */
  checks: AlertPayloadCheck[];
  /** The incidents the alert opened or updated. */
  incident_ids: string[];
}

export interface AlertPayloadCheck {
  id: string;
  name: string | null;
  kind: string;
  outcome: CheckOutcome | null;
  severity: CheckOutcome | null;
  previous_outcome: CheckOutcome | null;
  metric_value: number | null;
  unexpected_percent: number | null;
  incident_id: string | null;
}

/**
 * Every `{{field.path}}` a `payload_template` may name: the payload's leaves and objects, found by
 * key lookup only (no indexing, no expressions). An object or array path inserts it as JSON. The
 * `connection.*` and `poll.*` paths are the poll-failure alert's, which has no suite, run or checks;
 * a path the delivered payload does not carry renders as null (a whole-string placeholder) or
 * empty text (docs/decisions/0045).
 */
export const ALERT_PAYLOAD_FIELDS = [
  'type',
  'alert_id',
  'created_at',
  'severity',
  'summary',
  'suite',
  'suite.id',
  'suite.name',
  'run',
  'run.id',
  'run.status',
  'run.trigger',
  'run.started_at',
  'run.finished_at',
  'run.url',
  'target',
  'target.connection_id',
  'target.target',
  'counts',
  'counts.pass',
  'counts.warn',
  'counts.fail',
  'counts.critical',
  'counts.error',
  'counts.skip',
  'checks',
  'incident_ids',
  'connection',
  'connection.id',
  'connection.name',
  'connection.provider',
  'poll',
  'poll.consecutive_failures',
  'poll.first_failed_at',
  'poll.last_failed_at',
  'poll.last_error_class',
] as const;
export type AlertPayloadField = (typeof ALERT_PAYLOAD_FIELDS)[number];
