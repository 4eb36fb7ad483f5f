import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSuitesAndChecks1795700000000 implements MigrationInterface {
  name = 'CreateSuitesAndChecks1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "suites" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "description" text,
        "connection_id" uuid NOT NULL,
        "target" text NOT NULL,
        "time_zone" text NOT NULL DEFAULT 'UTC',
        "owner_id" uuid NOT NULL,
        "column_policy" jsonb NOT NULL DEFAULT '{}',
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "suites_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "suites_connection_id_fkey" FOREIGN KEY ("connection_id")
          REFERENCES "connections" ("id") ON DELETE RESTRICT,
        CONSTRAINT "suites_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users" ("id") ON DELETE RESTRICT
      )`);
    await queryRunner.query(`CREATE INDEX "suites_owner_id_idx" ON "suites" ("owner_id")`);
    await queryRunner.query(`CREATE INDEX "suites_connection_id_idx" ON "suites" ("connection_id")`);

    await queryRunner.query(`
      CREATE TABLE "suite_shares" (
        "suite_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "grant" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "suite_shares_pkey" PRIMARY KEY ("suite_id", "user_id"),
        CONSTRAINT "suite_shares_grant_check" CHECK ("grant" IN ('view', 'edit')),
        CONSTRAINT "suite_shares_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suites" ("id") ON DELETE CASCADE,
        CONSTRAINT "suite_shares_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "suite_shares_user_id_idx" ON "suite_shares" ("user_id")`);

    await queryRunner.query(`
      CREATE TABLE "checks" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "suite_id" uuid NOT NULL,
        "name" text NOT NULL,
        "description" text,
        "kind" text NOT NULL,
        "engine" text,
        "dimension" text NOT NULL,
        "thresholds" jsonb,
        "config" jsonb NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "version" integer NOT NULL DEFAULT 1,
        "snoozed_until" timestamptz,
        "baseline" jsonb,
        "baseline_captured_at" timestamptz,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "checks_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "checks_suite_id_name_key" UNIQUE ("suite_id", "name"),
        CONSTRAINT "checks_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suites" ("id") ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE "check_versions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "check_id" uuid NOT NULL,
        "version" integer NOT NULL,
        "change" text NOT NULL,
        "restored_from" integer,
        "name" text NOT NULL,
        "description" text,
        "kind" text NOT NULL,
        "engine" text,
        "dimension" text NOT NULL,
        "thresholds" jsonb,
        "config" jsonb NOT NULL,
        "enabled" boolean NOT NULL,
        "changed_by" uuid,
        "changed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "check_versions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "check_versions_check_id_version_key" UNIQUE ("check_id", "version"),
        CONSTRAINT "check_versions_change_check" CHECK ("change" IN ('created', 'updated', 'restored', 'imported')),
        CONSTRAINT "check_versions_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks" ("id") ON DELETE CASCADE
      )`);
    // History reads (`GET .../history`) walk one check's results newest first.
    await queryRunner.query(`CREATE INDEX "run_results_check_id_idx" ON "run_results" ("check_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "run_results_check_id_idx"`);
    await queryRunner.query(`DROP TABLE "check_versions"`);
    await queryRunner.query(`DROP TABLE "checks"`);
    await queryRunner.query(`DROP TABLE "suite_shares"`);
    await queryRunner.query(`DROP TABLE "suites"`);
  }
}
