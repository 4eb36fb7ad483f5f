import { type CheckOutcome } from '@dq/contracts';

export type RunOutcomeCounts = Partial<Record<CheckOutcome, number>>;

/**
 * SQL: the results of the run whose id is the expression `runId`, counted by outcome, as a jsonb
 * object (`{}` without results).
 */
export function countedOutcomesSql(runId: string): string {
  return `(SELECT coalesce(jsonb_object_agg(x."outcome", x."n"), '{}')
             FROM (SELECT "outcome", count(*)::int AS "n" FROM "run_results"
                    WHERE "run_id" = ${runId} GROUP BY "outcome") x)`;
}

/**
 * SQL: the outcome counts of the run row `run` (an alias), as a jsonb object: the row's own,
 * started by its claim and kept by the statement that records each result (one column read instead
 * of a grouped read of its results per listed run), or, for a run that has none (never claimed
 * since the column exists: queued, or from before it), counted from its results.
 */
export function runOutcomeCountsSql(run: string): string {
  return `coalesce(${run}."outcome_counts", ${countedOutcomesSql(`${run}."id"`)})`;
}
