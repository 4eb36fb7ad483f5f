import { type RunStatus } from '@dq/contracts';
import { type RunEvent, runStatusAfter, runStatusesAccepting } from './run-transitions';

/**
 * `column` is one of `statuses`, in a form no index on the status can serve: a statement then
 * reaches each run through its primary key. With a plain IN, when the statistics still say few runs
 * are queued (a burst after a quiet spell, before autovacuum analyzes), the planner reads every
 * queued run through the partial status index and matches the ids afterwards.
 */
export function runStatusIsOneOf(column: string, statuses: readonly RunStatus[]): string {
  return `CASE ${column} ${statuses.map((status) => `WHEN '${status}' THEN true`).join(' ')} ELSE false END`;
}

/** `column` is one of `statuses`, as a plain IN that the partial status indexes serve. */
export function runStatusIn(column: string, statuses: readonly RunStatus[]): string {
  return `${column} IN (${statuses.map((status) => `'${status}'`).join(', ')})`;
}

export interface RunTransitionStatement {
  /** The events the statement applies; a row moves only from a status that accepts them. */
  events: readonly [RunEvent, ...RunEvent[]];
  /** The alias of `runs` in the statement. */
  alias: string;
  /**
   * The new status as an SQL expression, when the events lead to different statuses (a batch of
   * runs ending each its own way); it must be one of their targets. Otherwise the events' one
   * target status is written.
   */
  status?: string;
  /** Other assignments, without the status. */
  set?: readonly string[];
  /** A FROM clause (a batch's rows). */
  from?: string;
  /** Which rows, besides the status condition. */
  where: string;
  returning: string;
  /** Whether the status condition may use the status indexes (a sweep) or not (runs by id). */
  statusCondition: 'by-index' | 'by-id';
}

/**
 * The one statement that writes a run's status: a conditional UPDATE that moves only runs in a
 * status the state machine lets the events leave, RETURNING what moved. Every status write of
 * the runs domain is built here.
 */
export function runTransitionSql(statement: RunTransitionStatement): string {
  const { events, alias } = statement;
  const from = [...new Set(events.flatMap((event) => runStatusesAccepting(event)))];
  if (from.length === 0) throw new Error(`run events ${events.join(', ')} are accepted in no status`);
  const status = statement.status ?? `'${runStatusAfter(singleEvent(events))}'`;
  const column = `${alias}."status"`;
  const condition =
    statement.statusCondition === 'by-id' ? runStatusIsOneOf(column, from) : runStatusIn(column, from);
  return `UPDATE "runs" AS ${alias}
      SET "status" = ${status}${(statement.set ?? []).map((assignment) => `, ${assignment}`).join('')}
     ${statement.from === undefined ? '' : `FROM ${statement.from}`}
    WHERE (${statement.where}) AND ${condition}
    RETURNING ${statement.returning}`;
}

function singleEvent(events: readonly [RunEvent, ...RunEvent[]]): RunEvent {
  const targets = new Set(events.map((event) => runStatusAfter(event)));
  if (targets.size !== 1)
    throw new Error('run events with different target statuses need a status expression');
  return events[0];
}
