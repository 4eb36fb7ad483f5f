import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pipeline triggers (orchestration context): bindings of an orchestrator pipeline to a suite (no
 * foreign key to the suite, so a deleted suite's binding can be reported), observed pipeline runs,
 * and the firings that make each binding queue its suite once per pipeline run.
 */
export class CreateTriggerBindingsAndPipelineRuns1796820000000 implements MigrationInterface {
  name = 'CreateTriggerBindingsAndPipelineRuns1796820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "trigger_bindings" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "provider" text NOT NULL,
        "pipeline_id" text NOT NULL,
        "env" text NOT NULL,
        "suite_id" uuid NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "trigger_bindings_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "trigger_bindings_provider_check" CHECK ("provider" IN ('factory', 'scheduler', 'builder')),
        CONSTRAINT "trigger_bindings_pipeline_id_check" CHECK (char_length("pipeline_id") BETWEEN 1 AND 255),
        CONSTRAINT "trigger_bindings_env_check" CHECK (char_length("env") BETWEEN 1 AND 100)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "trigger_bindings_match_key" ON "trigger_bindings" ("provider", "pipeline_id", "env", "suite_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "trigger_bindings_suite_id_idx" ON "trigger_bindings" ("suite_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "trigger_bindings_created_at_id_idx" ON "trigger_bindings" ("created_at", "id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "pipeline_runs" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "provider" text NOT NULL,
        "pipeline_id" text NOT NULL,
        "env" text NOT NULL,
        "external_run_id" text NOT NULL,
        "status" text NOT NULL,
        "finished_at" timestamptz,
        "observed_at" timestamptz NOT NULL,
        "received_at" timestamptz NOT NULL DEFAULT now(),
        "matched_bindings" integer,
        "near_miss_reason" text,
        "near_miss_binding_id" uuid,
        CONSTRAINT "pipeline_runs_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "pipeline_runs_provider_check" CHECK ("provider" IN ('factory', 'scheduler', 'builder')),
        CONSTRAINT "pipeline_runs_status_check" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
        CONSTRAINT "pipeline_runs_near_miss_reason_check" CHECK ("near_miss_reason" IN ('disabled', 'suite_deleted', 'id_differs_by_case_or_whitespace', 'other_environment', 'none'))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "pipeline_runs_identity_key" ON "pipeline_runs" ("provider", "pipeline_id", "env", "external_run_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "pipeline_runs_near_misses_idx" ON "pipeline_runs" ("received_at", "id") WHERE "near_miss_reason" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "trigger_binding_firings" (
        "binding_id" uuid NOT NULL,
        "pipeline_run_id" uuid NOT NULL,
        "run_id" uuid,
        "fired_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "trigger_binding_firings_pkey" PRIMARY KEY ("binding_id", "pipeline_run_id"),
        CONSTRAINT "trigger_binding_firings_binding_id_fkey" FOREIGN KEY ("binding_id") REFERENCES "trigger_bindings"("id") ON DELETE CASCADE,
        CONSTRAINT "trigger_binding_firings_pipeline_run_id_fkey" FOREIGN KEY ("pipeline_run_id") REFERENCES "pipeline_runs"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "trigger_binding_firings_pipeline_run_id_idx" ON "trigger_binding_firings" ("pipeline_run_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "trigger_binding_firings"`);
    await queryRunner.query(`DROP TABLE "pipeline_runs"`);
    await queryRunner.query(`DROP TABLE "trigger_bindings"`);
  }
}
