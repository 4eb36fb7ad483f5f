import { AlertOn, type CheckOutcome } from '@dq/contracts';
import {
  type AlertRulesConfig,
  type AlertRulesDecision,
  type CheckAlertState,
  decideAlerts,
  emptyAlertState,
  higherAlertSeverity,
  meetsThreshold,
  routeAlerts,
} from './alert-rules';

const CHECK = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const ALERT_CHANNEL = '10000000-0000-4000-8000-000000000001';
const ESCALATION_CHANNEL = '10000000-0000-4000-8000-000000000002';

function config(overrides: Partial<AlertRulesConfig> = {}): AlertRulesConfig {
  return {
    alert_on: AlertOn.WarnAndAbove,
    enabled: true,
    auto_resolve: true,
    alert_channel_ids: [ALERT_CHANNEL],
    escalation_channel_ids: [ESCALATION_CHANNEL],
    ...overrides,
  };
}

interface Step {
  outcome: CheckOutcome | null;
  snoozed_until?: string | null;
}

/** Feeds runs one minute apart through the rules, carrying the state as the table would. */
function replay(
  steps: readonly (Step | CheckOutcome | null)[],
  cfg: AlertRulesConfig = config(),
): AlertRulesDecision[] {
  let states = new Map<string, CheckAlertState>();
  return steps.map((raw, index) => {
    const step: Step = typeof raw === 'object' && raw !== null ? raw : { outcome: raw };
    const decision = decideAlerts({
      run: {
        run_id: `run-${index}`,
        finished_at: new Date(Date.UTC(2026, 0, 1, 12, index)).toISOString(),
      },
      checks: [
        {
          check_id: CHECK,
          outcome: step.outcome,
          severity: step.outcome,
          snoozed_until: step.snoozed_until ?? null,
        },
      ],
      config: cfg,
      states,
    });
    states = new Map(states);
    for (const state of decision.states) states.set(state.check_id, state);
    return decision;
  });
}

const reasons = (decisions: AlertRulesDecision[]): (string | null)[] =>
  decisions.map((decision) => decision.alerted[0]?.reason ?? null);

describe('alert rules', () => {
  it('the sequence pass, warn, warn, fail, critical, pass, fail alerts at warn, fail, critical and the last fail', () => {
    const decisions = replay(['pass', 'warn', 'warn', 'fail', 'critical', 'pass', 'fail']);
    expect(reasons(decisions)).toEqual([
      null,
      'first_failure',
      null,
      'escalation',
      'escalation',
      null,
      'first_failure',
    ]);
    // One alert per channel: the critical one reaches the escalation channel as well.
    expect(
      decisions.map((decision) => decision.alerts.map((alert) => [alert.channel_id, alert.kind])),
    ).toEqual([
      [],
      [[ALERT_CHANNEL, 'alert']],
      [],
      [[ALERT_CHANNEL, 'alert']],
      [
        [ALERT_CHANNEL, 'alert.escalation'],
        [ESCALATION_CHANNEL, 'alert.escalation'],
      ],
      [],
      [[ALERT_CHANNEL, 'alert']],
    ]);
    // Every threshold-meeting failure reaches the incident; the clean run resolves it when configured.
    expect(decisions.map((decision) => decision.incidents)).toEqual([
      [],
      [{ action: 'failure', check_id: CHECK, severity: 'warn' }],
      [{ action: 'failure', check_id: CHECK, severity: 'warn' }],
      [{ action: 'failure', check_id: CHECK, severity: 'fail' }],
      [{ action: 'failure', check_id: CHECK, severity: 'critical' }],
      [{ action: 'clean', check_id: CHECK, auto_resolve: true }],
      [{ action: 'failure', check_id: CHECK, severity: 'fail' }],
    ]);
  });

  it('a repeated or lower severity in an open episode is silent; only a higher one escalates', () => {
    expect(reasons(replay(['fail', 'fail', 'warn', 'fail', 'critical', 'fail', 'critical']))).toEqual([
      'first_failure',
      null,
      null,
      null,
      'escalation',
      null,
      null,
    ]);
  });

  it('fail_only ignores warn: it neither alerts, opens an episode nor resets one', () => {
    const cfg = config({ alert_on: AlertOn.FailOnly });
    const decisions = replay(['warn', 'fail', 'warn', 'fail', 'critical'], cfg);
    expect(reasons(decisions)).toEqual([null, 'first_failure', null, null, 'escalation']);
    expect(decisions[0]?.incidents).toEqual([]);
    expect(decisions[2]?.incidents).toEqual([]);
  });

  it('error, skip and unevaluated checks neither alert nor reset the episode', () => {
    expect(reasons(replay(['fail', 'error', 'fail', 'skip', 'fail', null, 'fail', 'critical']))).toEqual([
      'first_failure',
      null,
      null,
      null,
      null,
      null,
      null,
      'escalation',
    ]);
    // Nor do they open one: a fail after errors only is still the first failure.
    expect(reasons(replay(['error', 'skip', 'fail']))).toEqual([null, null, 'first_failure']);
  });

  it('a clean run without an open episode tells the incidents nothing; without auto-resolve it says so', () => {
    const cfg = config({ auto_resolve: false });
    const decisions = replay(['pass', 'fail', 'pass'], cfg);
    expect(decisions[0]?.incidents).toEqual([]);
    expect(decisions[2]?.incidents).toEqual([{ action: 'clean', check_id: CHECK, auto_resolve: false }]);
  });

  it('a snoozed check is silent; the first alert after the snooze ended says until when it was snoozed', () => {
    const until = new Date(Date.UTC(2026, 0, 1, 12, 2, 30)).toISOString();
    const decisions = replay([
      { outcome: 'fail', snoozed_until: until },
      { outcome: 'critical', snoozed_until: until },
      { outcome: 'warn', snoozed_until: until },
      { outcome: 'warn', snoozed_until: until }, // 12:03: the snooze ended at 12:02:30
      { outcome: 'fail', snoozed_until: null },
    ]);
    // Told at warn, so a fail afterwards is an escalation over what was told.
    expect(reasons(decisions)).toEqual([null, null, null, 'after_snooze', 'escalation']);
    expect(decisions[3]?.alerted[0]).toEqual({
      check_id: CHECK,
      severity: 'warn',
      reason: 'after_snooze',
      was_snoozed_until: until,
    });
    // Silenced failures still reach the incident.
    expect(decisions[0]?.incidents).toEqual([{ action: 'failure', check_id: CHECK, severity: 'fail' }]);
    expect(decisions[1]?.alerts).toEqual([]);
  });

  it('a snooze over an already alerted episode: a post-snooze escalation carries the notice', () => {
    const until = new Date(Date.UTC(2026, 0, 1, 12, 1, 30)).toISOString();
    const decisions = replay(['warn', { outcome: 'fail', snoozed_until: until }, 'critical']);
    expect(decisions[2]?.alerted[0]).toMatchObject({ reason: 'escalation', was_snoozed_until: until });
  });

  it('a check that recovers during its snooze says nothing afterwards', () => {
    const until = new Date(Date.UTC(2026, 0, 1, 12, 1, 30)).toISOString();
    expect(
      reasons(
        replay([
          { outcome: 'fail', snoozed_until: until },
          { outcome: 'pass', snoozed_until: until },
          'warn',
        ]),
      ),
    ).toEqual([null, null, 'first_failure']);
  });

  it('a snooze that ended with no failure silenced adds no notice', () => {
    const past = new Date(Date.UTC(2025, 0, 1)).toISOString();
    const [decision] = replay([{ outcome: 'fail', snoozed_until: past }]);
    expect(decision?.alerted[0]).toMatchObject({ reason: 'first_failure', was_snoozed_until: null });
  });

  it('disabled: no alert is routed, but states and incidents advance, so enabling later starts from the truth', () => {
    const decisions = replay(['warn', 'fail'], config({ enabled: false }));
    expect(decisions.map((decision) => decision.alerts)).toEqual([[], []]);
    expect(reasons(decisions)).toEqual(['first_failure', 'escalation']);
    expect(decisions[1]?.incidents).toHaveLength(1);
  });

  it('always: every run reaches the alert channels, even one with nothing new', () => {
    const decisions = replay(['pass', 'warn', 'warn'], config({ alert_on: AlertOn.Always }));
    expect(decisions.map((decision) => decision.alerts)).toEqual([
      [{ channel_id: ALERT_CHANNEL, kind: 'alert', checks: [] }],
      [
        {
          channel_id: ALERT_CHANNEL,
          kind: 'alert',
          checks: [expect.objectContaining({ reason: 'first_failure' })],
        },
      ],
      [{ channel_id: ALERT_CHANNEL, kind: 'alert', checks: [] }],
    ]);
  });

  it('a run already applied, or older than the state, changes nothing (a redelivery out of order)', () => {
    const first = decideAlerts({
      run: { run_id: 'late', finished_at: '2026-01-01T12:00:00.000Z' },
      checks: [{ check_id: CHECK, outcome: 'fail', severity: 'fail', snoozed_until: null }],
      config: config(),
      states: new Map([
        [
          CHECK,
          {
            ...emptyAlertState(CHECK),
            last_run_id: 'newer',
            last_run_finished_at: '2026-01-01T12:05:00.000Z',
          },
        ],
      ]),
    });
    expect(first).toMatchObject({
      states: [],
      incidents: [],
      alerted: [],
      alerts: [],
      stale_check_ids: [CHECK],
    });
    const again = decideAlerts({
      run: { run_id: 'same', finished_at: '2026-01-01T12:05:00.000Z' },
      checks: [{ check_id: CHECK, outcome: 'fail', severity: 'fail', snoozed_until: null }],
      config: config(),
      states: new Map([
        [
          CHECK,
          {
            ...emptyAlertState(CHECK),
            last_run_id: 'same',
            last_run_finished_at: '2026-01-01T12:05:00.000Z',
          },
        ],
      ]),
    });
    expect(again.stale_check_ids).toEqual([CHECK]);
  });

  it('groups one run into one alert per channel with all its checks; only critical ones escalate', () => {
    const decision = decideAlerts({
      run: { run_id: 'r', finished_at: '2026-01-01T12:00:00.000Z' },
      checks: [
        { check_id: CHECK, outcome: 'critical', severity: 'critical', snoozed_until: null },
        { check_id: OTHER, outcome: 'warn', severity: 'warn', snoozed_until: null },
      ],
      config: config(),
      states: new Map(),
    });
    expect(decision.alerts).toEqual([
      {
        channel_id: ALERT_CHANNEL,
        kind: 'alert.escalation',
        checks: [
          expect.objectContaining({ check_id: CHECK, severity: 'critical' }),
          expect.objectContaining({ check_id: OTHER, severity: 'warn' }),
        ],
      },
      {
        channel_id: ESCALATION_CHANNEL,
        kind: 'alert.escalation',
        checks: [expect.objectContaining({ check_id: CHECK })],
      },
    ]);
  });

  it('a channel that is both an alert and an escalation channel gets one alert listing each check once', () => {
    const alerts = routeAlerts(
      [{ check_id: CHECK, severity: 'critical', reason: 'first_failure', was_snoozed_until: null }],
      config({ escalation_channel_ids: [ALERT_CHANNEL] }),
    );
    expect(alerts).toEqual([
      {
        channel_id: ALERT_CHANNEL,
        kind: 'alert.escalation',
        checks: [expect.objectContaining({ check_id: CHECK })],
      },
    ]);
  });

  it('no channels: the decision still advances states and incidents, with nothing routed', () => {
    const [decision] = replay(['fail'], config({ alert_channel_ids: [], escalation_channel_ids: [] }));
    expect(decision?.alerted).toHaveLength(1);
    expect(decision?.alerts).toEqual([]);
  });

  it('thresholds and severity order', () => {
    expect(meetsThreshold('warn', AlertOn.FailOnly)).toBe(false);
    expect(meetsThreshold('fail', AlertOn.FailOnly)).toBe(true);
    expect(meetsThreshold('warn', AlertOn.WarnAndAbove)).toBe(true);
    expect(meetsThreshold('warn', AlertOn.Always)).toBe(true);
    expect(higherAlertSeverity(null, 'warn')).toBe('warn');
    expect(higherAlertSeverity('critical', 'fail')).toBe('critical');
    expect(higherAlertSeverity('warn', null)).toBe('warn');
  });
});
