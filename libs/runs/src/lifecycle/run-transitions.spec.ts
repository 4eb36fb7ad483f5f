import { RunStatus } from '@dq/contracts';
import { runTransitionSql } from './run-status-sql';
import {
  RUN_TRANSITIONS,
  RunEvent,
  nextRunStatus,
  runStatusAfter,
  runStatusesAccepting,
} from './run-transitions';

/** The whole state machine spelled out: every pair not listed is refused. */
const ALLOWED: ReadonlyArray<[RunStatus, RunEvent, RunStatus]> = [
  [RunStatus.Queued, RunEvent.Claim, RunStatus.Running],
  [RunStatus.Queued, RunEvent.CancelQueued, RunStatus.Cancelled],
  [RunStatus.Queued, RunEvent.FailToQueue, RunStatus.Failed],
  [RunStatus.Running, RunEvent.Claim, RunStatus.Running],
  [RunStatus.Running, RunEvent.Succeed, RunStatus.Succeeded],
  [RunStatus.Running, RunEvent.Fail, RunStatus.Failed],
  [RunStatus.Running, RunEvent.RequestCancel, RunStatus.Running],
  [RunStatus.Running, RunEvent.AcknowledgeCancel, RunStatus.Cancelled],
  [RunStatus.Running, RunEvent.HandBack, RunStatus.Queued],
  [RunStatus.Running, RunEvent.LoseWorker, RunStatus.Failed],
];

const STATUSES = Object.values(RunStatus);
const EVENTS = Object.values(RunEvent);

describe('run state machine', () => {
  const pairs = STATUSES.flatMap((from) => EVENTS.map((event) => [from, event] as const));

  it.each(pairs)('%s --%s-->', (from, event) => {
    const allowed = ALLOWED.find(([f, e]) => f === from && e === event);
    expect(nextRunStatus(from, event)).toBe(allowed?.[2]);
  });

  it('lets no event leave a terminal status', () => {
    for (const status of [RunStatus.Succeeded, RunStatus.Failed, RunStatus.Cancelled])
      expect(RUN_TRANSITIONS[status]).toEqual({});
  });

  it('gives every event one target status and the statuses that accept it', () => {
    for (const event of EVENTS) {
      const rows = ALLOWED.filter(([, e]) => e === event);
      expect(runStatusesAccepting(event).sort()).toEqual(rows.map(([from]) => from).sort());
      expect(runStatusAfter(event)).toBe(rows[0]?.[2]);
    }
  });
});

describe('runTransitionSql', () => {
  it('moves only rows in a status the event may leave, to its target status', () => {
    const sql = runTransitionSql({
      events: [RunEvent.Claim],
      alias: 'r',
      where: 'r."id" = $1',
      statusCondition: 'by-index',
      returning: 'r."id"',
    });
    expect(sql).toMatch(/SET "status" = 'running'/);
    expect(sql).toMatch(/r\."status" IN \('queued', 'running'\)/);
  });

  it('keeps the status condition away from the status indexes for runs reached by id', () => {
    const sql = runTransitionSql({
      events: [RunEvent.Succeed, RunEvent.Fail, RunEvent.AcknowledgeCancel],
      alias: 'r',
      status: 'f."status"',
      where: 'r."id" = f."id"',
      statusCondition: 'by-id',
      returning: 'r.*',
    });
    expect(sql).toMatch(/SET "status" = f\."status"/);
    expect(sql).toMatch(/CASE r\."status" WHEN 'running' THEN true ELSE false END/);
  });

  it('refuses events of different targets without a status expression', () => {
    expect(() =>
      runTransitionSql({
        events: [RunEvent.Succeed, RunEvent.Fail],
        alias: 'r',
        where: 'true',
        statusCondition: 'by-id',
        returning: 'r."id"',
      }),
    ).toThrow(/status expression/);
  });
});
