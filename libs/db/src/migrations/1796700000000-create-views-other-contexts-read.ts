import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Views through which a context reads another's tables where it cannot call the owner's code:
 * `suite_connection_uses` (owned by suites, read by connections: which suites use a connection, as
 * their target or as a check's baseline) and `check_results` (owned by runs, read by suites: a
 * check's recorded results with the time each finished). Each is a plain view, inlined by the
 * planner into the query that reads it.
 */
export class CreateViewsOtherContextsRead1796700000000 implements MigrationInterface {
  name = 'CreateViewsOtherContextsRead1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE VIEW "suite_connection_uses" AS
      SELECT s."id" AS "suite_id", s."name" AS "suite_name", s."owner_id", u."connection_id",
             ARRAY(SELECT sh."user_id" FROM "suite_shares" sh WHERE sh."suite_id" = s."id") AS "shared_with"
        FROM "suites" s
        JOIN (SELECT "id" AS "suite_id", "connection_id"::text AS "connection_id" FROM "suites"
              UNION
              SELECT "suite_id", "config"->>'baseline_connection_id' FROM "checks"
               WHERE "config" ? 'baseline_connection_id') u ON u."suite_id" = s."id"`);
    await queryRunner.query(`
      CREATE VIEW "check_results" AS
      SELECT rr."check_id", rr."run_id", rr."outcome", rr."metric_value", rr."detail",
             COALESCE(rr."finished_at", r."finished_at") AS "finished_at",
             r."created_at" AS "run_created_at"
        FROM "run_results" rr JOIN "runs" r ON r."id" = rr."run_id"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW "check_results"`);
    await queryRunner.query(`DROP VIEW "suite_connection_uses"`);
  }
}
