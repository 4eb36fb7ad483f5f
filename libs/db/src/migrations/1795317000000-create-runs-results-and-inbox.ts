import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRunsResultsAndInbox1795317000000 implements MigrationInterface {
  name = 'CreateRunsResultsAndInbox1795317000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "runs" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "suite_id" uuid NOT NULL,
        "status" text NOT NULL DEFAULT 'queued',
        "trigger" text NOT NULL,
        "reason" text,
        "plan" jsonb NOT NULL DEFAULT '[]',
        "total_checks" integer NOT NULL DEFAULT 0,
        "completed_checks" integer NOT NULL DEFAULT 0,
        "attempt" integer NOT NULL DEFAULT 0,
        "worker_id" text,
        "lease_expires_at" timestamptz,
        "cancel_requested_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "started_at" timestamptz,
        "finished_at" timestamptz,
        CONSTRAINT "runs_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "runs_status_check"
          CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
        CONSTRAINT "runs_trigger_check" CHECK ("trigger" IN ('manual', 'schedule', 'pipeline', 'api'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "runs_suite_id_created_at_idx" ON "runs" ("suite_id", "created_at" DESC)`,
    );
    // Partial: the scheduler and the lease sweeper only ever look for live runs.
    await queryRunner.query(
      `CREATE INDEX "runs_status_active_idx" ON "runs" ("status") WHERE "status" IN ('queued', 'running')`,
    );

    await queryRunner.query(`
      CREATE TABLE "run_results" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "run_id" uuid NOT NULL,
        "check_id" uuid NOT NULL,
        "outcome" text NOT NULL,
        "metric_value" double precision,
        "detail" jsonb NOT NULL DEFAULT '{}',
        "started_at" timestamptz,
        "finished_at" timestamptz,
        CONSTRAINT "run_results_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "run_results_run_id_check_id_key" UNIQUE ("run_id", "check_id"),
        CONSTRAINT "run_results_outcome_check"
          CHECK ("outcome" IN ('pass', 'warn', 'fail', 'critical', 'error', 'skip')),
        CONSTRAINT "run_results_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs" ("id") ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE "consumed_events" (
        "consumer" text NOT NULL,
        "event_id" text NOT NULL,
        "consumed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "consumed_events_pkey" PRIMARY KEY ("consumer", "event_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "consumed_events"`);
    await queryRunner.query(`DROP TABLE "run_results"`);
    await queryRunner.query(`DROP TABLE "runs"`);
  }
}
