import { AlertOn, CheckOutcome, type RunCompletedCheck } from '@dq/contracts';

/**
 * The alert rules (docs/decisions/0046), pure: a finished run's checks, the suite's notification
 * config and each check's persisted episode state in; the new states, the incident actions and one
 * alert per channel out. No I/O, no clock: the run's `finished_at` is "now".
 */

/** The severities an alert can carry, lowest first. */
export type AlertSeverity = 'warn' | 'fail' | 'critical';

const RANK: Record<AlertSeverity, number> = { warn: 1, fail: 2, critical: 3 };

export function isAlertSeverity(value: unknown): value is AlertSeverity {
  return value === CheckOutcome.Warn || value === CheckOutcome.Fail || value === CheckOutcome.Critical;
}

/** The higher of two severities (null is below every severity). */
export function higherAlertSeverity(a: AlertSeverity | null, b: AlertSeverity | null): AlertSeverity | null {
  if (a === null) return b;
  if (b === null) return a;
  return RANK[b] > RANK[a] ? b : a;
}

/**
 * Whether `severity` meets the suite's threshold. `always` alerts checks from `warn` up, like the
 * default, and in addition sends every finished run's report (see `routeAlerts`).
 */
export function meetsThreshold(severity: AlertSeverity, alertOn: AlertOn): boolean {
  return alertOn === AlertOn.FailOnly ? RANK[severity] >= RANK.fail : true;
}

/** The suite's config as the rules read it: channels already resolved (links or the workspace default). */
export interface AlertRulesConfig {
  alert_on: AlertOn;
  /** False: no alert is sent; states and incidents are still kept, so enabling it later starts clean. */
  enabled: boolean;
  auto_resolve: boolean;
  /** Receive every alert of the suite. */
  alert_channel_ids: readonly string[];
  /** Also receive the critical checks (escalation routing). */
  escalation_channel_ids: readonly string[];
}

/** One check's episode, persisted in `check_alert_states`. A check without a row is `EMPTY_ALERT_STATE`. */
export interface CheckAlertState {
  check_id: string;
  /** True from the first threshold-meeting failure until a clean run. */
  episode_open: boolean;
  /** The highest severity alerted in the open episode; null when none was (yet) sent. */
  last_alerted_severity: AlertSeverity | null;
  /** The highest severity seen in the open episode, alerted or not. */
  episode_severity: AlertSeverity | null;
  /** Set when a failure was silenced by a snooze: the snooze's end, told in the next alert. */
  snoozed_notice_until: string | null;
  /** The latest run applied to this state, and when it finished: an older run changes nothing. */
  last_run_id: string | null;
  last_run_finished_at: string | null;
}

export function emptyAlertState(checkId: string): CheckAlertState {
  return {
    check_id: checkId,
    episode_open: false,
    last_alerted_severity: null,
    episode_severity: null,
    snoozed_notice_until: null,
    last_run_id: null,
    last_run_finished_at: null,
  };
}

/** Why a check is in an alert. */
export type AlertReason = 'first_failure' | 'escalation' | 'after_snooze';

export interface AlertedCheck {
  check_id: string;
  severity: AlertSeverity;
  reason: AlertReason;
  /** When a snooze silenced this check's failures: its end ("was snoozed until ..."). */
  was_snoozed_until: string | null;
}

/** The alert event types a channel receives; `alert.escalation` when it carries a critical check. */
export type AlertKind = 'alert' | 'alert.escalation';

/** One alert for one channel: every check of the run routed there. */
export interface ChannelAlert {
  channel_id: string;
  kind: AlertKind;
  checks: AlertedCheck[];
}

/** What the incident lifecycle is told about a check (docs/decisions/0047 owns what it does). */
export type IncidentAction =
  | { action: 'failure'; check_id: string; severity: AlertSeverity }
  | { action: 'clean'; check_id: string; auto_resolve: boolean };

export interface AlertRulesInput {
  run: { run_id: string; finished_at: string };
  checks: readonly Pick<RunCompletedCheck, 'check_id' | 'outcome' | 'severity' | 'snoozed_until'>[];
  config: AlertRulesConfig;
  /** Keyed by check id; a missing check has no state yet. */
  states: ReadonlyMap<string, CheckAlertState>;
}

export interface AlertRulesDecision {
  /** The new state of every check the run changed (stale checks are left out). */
  states: CheckAlertState[];
  incidents: IncidentAction[];
  /** Which checks alert, for every channel, whatever the channels. */
  alerted: AlertedCheck[];
  /** One per channel that has something to say, in channel order of the config. */
  alerts: ChannelAlert[];
  /** Checks whose result was older than their state's latest run, so ignored. */
  stale_check_ids: string[];
}

function isSnoozed(snoozedUntil: string | null, at: string): boolean {
  return snoozedUntil !== null && Date.parse(snoozedUntil) > Date.parse(at);
}

/** Decides one check; answers its new state, an incident action and the alert, if any. */
function decideCheck(
  check: AlertRulesInput['checks'][number],
  before: CheckAlertState,
  input: AlertRulesInput,
): { state: CheckAlertState; incident: IncidentAction | null; alerted: AlertedCheck | null } {
  const { run, config } = input;
  const touched: CheckAlertState = {
    ...before,
    last_run_id: run.run_id,
    last_run_finished_at: run.finished_at,
  };
  const outcome = check.outcome;

  // A clean run closes the episode; the next failure is a first failure again.
  if (outcome === CheckOutcome.Pass) {
    const incident: IncidentAction | null = before.episode_open
      ? { action: 'clean', check_id: check.check_id, auto_resolve: config.auto_resolve }
      : null;
    return {
      state: {
        ...touched,
        episode_open: false,
        last_alerted_severity: null,
        episode_severity: null,
        snoozed_notice_until: null,
      },
      incident,
      alerted: null,
    };
  }

  // error, skip and "not evaluated" say nothing about the data: no alert, no reset.
  // A severity below the threshold neither opens nor closes an episode either.
  const severity = isAlertSeverity(outcome) ? outcome : null;
  if (severity === null || !meetsThreshold(severity, config.alert_on)) {
    return { state: touched, incident: null, alerted: null };
  }

  const episodeSeverity = higherAlertSeverity(before.episode_open ? before.episode_severity : null, severity);
  const incident: IncidentAction = { action: 'failure', check_id: check.check_id, severity };
  const opened: CheckAlertState = { ...touched, episode_open: true, episode_severity: episodeSeverity };
  if (!before.episode_open) opened.last_alerted_severity = null;

  // Snoozed: silent, but remembered, so the first alert after the snooze says so.
  if (isSnoozed(check.snoozed_until, run.finished_at)) {
    return {
      state: { ...opened, snoozed_notice_until: check.snoozed_until },
      incident,
      alerted: null,
    };
  }

  const lastAlerted = before.episode_open ? before.last_alerted_severity : null;
  const pendingNotice = before.episode_open ? before.snoozed_notice_until : null;
  let reason: AlertReason | null = null;
  if (lastAlerted === null) reason = pendingNotice !== null ? 'after_snooze' : 'first_failure';
  else if (RANK[severity] > RANK[lastAlerted]) reason = 'escalation';
  else if (pendingNotice !== null) reason = 'after_snooze';

  if (reason === null) return { state: opened, incident, alerted: null };
  return {
    state: {
      ...opened,
      last_alerted_severity: higherAlertSeverity(lastAlerted, severity),
      snoozed_notice_until: null,
    },
    incident,
    alerted: { check_id: check.check_id, severity, reason, was_snoozed_until: pendingNotice },
  };
}

/**
 * Groups the alerted checks per channel: one alert per run and channel; critical also escalates.
 * With `always`, every alert channel hears of every run, even one with no check to tell.
 */
export function routeAlerts(alerted: readonly AlertedCheck[], config: AlertRulesConfig): ChannelAlert[] {
  if (!config.enabled) return [];
  const byChannel = new Map<string, AlertedCheck[]>();
  if (config.alert_on === AlertOn.Always) {
    for (const channelId of config.alert_channel_ids) byChannel.set(channelId, []);
  }
  const add = (channelId: string, check: AlertedCheck): void => {
    const list = byChannel.get(channelId) ?? [];
    if (!list.some((known) => known.check_id === check.check_id)) list.push(check);
    byChannel.set(channelId, list);
  };
  for (const check of alerted) {
    for (const channelId of config.alert_channel_ids) add(channelId, check);
    if (check.severity === CheckOutcome.Critical) {
      for (const channelId of config.escalation_channel_ids) add(channelId, check);
    }
  }
  return [...byChannel.entries()].map(([channel_id, checks]): ChannelAlert => ({
    channel_id,
    kind: checks.some((check) => check.severity === CheckOutcome.Critical) ? 'alert.escalation' : 'alert',
    checks,
  }));
}

/** The rules over a whole run: every check decided, then the alerts grouped per channel. */
export function decideAlerts(input: AlertRulesInput): AlertRulesDecision {
  const states: CheckAlertState[] = [];
  const incidents: IncidentAction[] = [];
  const alerted: AlertedCheck[] = [];
  const stale: string[] = [];
  for (const check of input.checks) {
    const before = input.states.get(check.check_id) ?? emptyAlertState(check.check_id);
    if (
      before.last_run_finished_at !== null &&
      (before.last_run_id === input.run.run_id ||
        Date.parse(before.last_run_finished_at) > Date.parse(input.run.finished_at))
    ) {
      // Already applied, or an older run arriving late: the state is ahead of it.
      stale.push(check.check_id);
      continue;
    }
    const decided = decideCheck(check, before, input);
    states.push(decided.state);
    if (decided.incident !== null) incidents.push(decided.incident);
    if (decided.alerted !== null) alerted.push(decided.alerted);
  }
  return { states, incidents, alerted, alerts: routeAlerts(alerted, input.config), stale_check_ids: stale };
}
