import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Incidents, one not-resolved incident per check, removed with their suite or check (alerting
 * context, docs/decisions/0047); and the view `false_positive_check_runs` (owned by alerting, read
 * by runs' metric history): the (check, run) pairs of incidents resolved as false positives,
 * which anomaly baselines leave out.
 */
export class CreateIncidents1796930000000 implements MigrationInterface {
  name = 'CreateIncidents1796930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "incidents" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "suite_id" uuid NOT NULL,
        "check_id" uuid NOT NULL,
        "state" text NOT NULL,
        "severity" text NOT NULL,
        "opened_at" timestamptz NOT NULL,
        "acknowledged_at" timestamptz,
        "acknowledged_by" uuid,
        "resolved_at" timestamptz,
        "resolved_by" uuid,
        "resolved_by_run_id" uuid,
        "resolve_reason" text,
        "resolve_comment" text,
        "opened_by_run_id" uuid NOT NULL,
        "last_run_id" uuid NOT NULL,
        "run_ids" uuid array NOT NULL,
        "failure_count" integer NOT NULL DEFAULT 1,
        "last_failure" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "incidents_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "incidents_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suites"("id") ON DELETE CASCADE,
        CONSTRAINT "incidents_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE,
        CONSTRAINT "incidents_state_check" CHECK ("state" IN ('open', 'acknowledged', 'resolved')),
        CONSTRAINT "incidents_severity_check" CHECK ("severity" IN ('warn', 'fail', 'critical')),
        CONSTRAINT "incidents_resolve_reason_check" CHECK ("resolve_reason" IS NULL OR "resolve_reason" IN ('fixed', 'expected', 'false_positive', 'no_action_needed')),
        CONSTRAINT "incidents_resolve_comment_check" CHECK (char_length("resolve_comment") <= 4000)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "incidents_open_check_key" ON "incidents" ("check_id") WHERE "state" <> 'resolved'`,
    );
    await queryRunner.query(`CREATE INDEX "incidents_opened_at_id_idx" ON "incidents" ("opened_at", "id")`);
    await queryRunner.query(
      `CREATE INDEX "incidents_suite_id_opened_at_idx" ON "incidents" ("suite_id", "opened_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "incidents_false_positive_idx" ON "incidents" ("check_id") WHERE "resolve_reason" = 'false_positive'`,
    );
    await queryRunner.query(`
      CREATE VIEW "false_positive_check_runs" AS
      SELECT i."check_id", f."run_id"
        FROM "incidents" i CROSS JOIN LATERAL unnest(i."run_ids") AS f("run_id")
       WHERE i."resolve_reason" = 'false_positive'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW "false_positive_check_runs"`);
    await queryRunner.query(`DROP TABLE "incidents"`);
  }
}
