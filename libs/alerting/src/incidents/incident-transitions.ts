import {
  AppError,
  ErrorCode,
  IncidentSeverity,
  IncidentState,
  type IncidentSeverity as Severity,
  type IncidentState as State,
} from '@dq/contracts';

/** What moves an incident (docs/decisions/0047). */
export type IncidentEvent = 'fail' | 'acknowledge' | 'resolve' | 'clean_run';

/**
 * The incident transition table: for each event, the states it applies to and the state it leaves.
 * A failure with no unresolved incident opens a new one (`null` = no incident); on an open or
 * acknowledged one it attaches and keeps the state. Resolved is final: the next failure opens a
 * new incident. Anything not listed is an invalid transition (409).
 */
export const INCIDENT_TRANSITIONS = {
  fail: [
    { from: null, to: IncidentState.Open },
    { from: IncidentState.Open, to: IncidentState.Open },
    { from: IncidentState.Acknowledged, to: IncidentState.Acknowledged },
  ],
  acknowledge: [{ from: IncidentState.Open, to: IncidentState.Acknowledged }],
  resolve: [
    { from: IncidentState.Open, to: IncidentState.Resolved },
    { from: IncidentState.Acknowledged, to: IncidentState.Resolved },
  ],
  clean_run: [
    { from: IncidentState.Open, to: IncidentState.Resolved },
    { from: IncidentState.Acknowledged, to: IncidentState.Resolved },
  ],
} as const satisfies Record<IncidentEvent, readonly { from: State | null; to: State }[]>;

/** The states `event` applies to. */
export function sourceStates(event: IncidentEvent): (State | null)[] {
  return INCIDENT_TRANSITIONS[event].map((t) => t.from);
}

/** The state `event` leaves an incident in `from`; a 409 naming both when it does not apply. */
export function nextIncidentState(from: State | null, event: IncidentEvent): State {
  const transition = (INCIDENT_TRANSITIONS[event] as readonly { from: State | null; to: State }[]).find(
    (t) => t.from === from,
  );
  if (transition === undefined) {
    throw new AppError(
      ErrorCode.Conflict,
      `An incident that is ${from ?? 'absent'} cannot be ${pastTense(event)}`,
      {
        state: from,
        allowed_from: sourceStates(event),
      },
    );
  }
  return transition.to;
}

function pastTense(event: IncidentEvent): string {
  return event === 'acknowledge' ? 'acknowledged' : event === 'resolve' ? 'resolved' : event;
}

const SEVERITY_RANK: Record<Severity, number> = {
  [IncidentSeverity.Warn]: 1,
  [IncidentSeverity.Fail]: 2,
  [IncidentSeverity.Critical]: 3,
};

/** The higher of two severities: an incident keeps the highest it has seen. */
export function higherSeverity(a: Severity, b: Severity): Severity {
  return SEVERITY_RANK[b] > SEVERITY_RANK[a] ? b : a;
}

/** SQL ranking the severity expression `sql` (warn 1, fail 2, critical 3). */
export function severityRankSql(sql: string): string {
  return `(CASE ${sql} WHEN 'critical' THEN 3 WHEN 'fail' THEN 2 ELSE 1 END)`;
}
