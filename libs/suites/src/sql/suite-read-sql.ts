// SQL fragments through which another context reads the suites context's tables inside its own
// single statement: the table and column names stay here, with the entities they match.

/** Joins the suite `alias` whose id is `suiteId` (a run's suite, for example). */
export function suiteJoinSql(alias: string, suiteId: string): string {
  return `JOIN "suites" ${alias} ON ${alias}."id" = ${suiteId}`;
}

/** Left-joins the caller's share `alias` of the suite `suite` (null when the caller holds none). */
export function myShareJoinSql(alias: string, suite: string, me: string): string {
  return `LEFT JOIN "suite_shares" ${alias} ON ${alias}."suite_id" = ${suite}."id" AND ${alias}."user_id" = ${me}`;
}

/** Left-joins the check `alias` whose id is `checkId` (null when the check was deleted since). */
export function checkJoinSql(alias: string, checkId: string): string {
  return `LEFT JOIN "checks" ${alias} ON ${alias}."id" = ${checkId}`;
}

/** A suite's current name, as a scalar subquery (null when the suite was deleted). */
export function suiteNameSql(suiteId: string): string {
  return `(SELECT "name" FROM "suites" WHERE "id" = ${suiteId})`;
}

/** The checks whose ids `checkIds` lists, as a JSON array of `{ id, name, snoozed_until }`. */
export function checkSummariesJsonSql(checkIds: string): string {
  return `coalesce((SELECT json_agg(json_build_object('id', "id", 'name', "name", 'snoozed_until', "snoozed_until"))
        FROM "checks" WHERE "id" IN (SELECT (${checkIds})::uuid)), '[]')`;
}

/** Rows `{ suite_id, checks }`: how many checks each suite of the uuid array `suiteIds` has. */
export function checkCountsBySuiteSql(suiteIds: string): string {
  return `SELECT "suite_id", count(*)::int AS "checks" FROM "checks"
          WHERE "suite_id" = ANY(${suiteIds}) GROUP BY "suite_id"`;
}
