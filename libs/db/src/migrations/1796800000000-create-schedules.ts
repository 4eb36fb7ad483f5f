import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Cron schedules, one per suite, removed with their suite (orchestration context). */
export class CreateSchedules1796800000000 implements MigrationInterface {
  name = 'CreateSchedules1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "schedules" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "suite_id" uuid NOT NULL,
        "cron" text NOT NULL,
        "timezone" text NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "next_fire_at" timestamptz,
        "last_fired_at" timestamptz,
        "last_run_id" uuid,
        "missed_ticks" integer NOT NULL DEFAULT 0,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "schedules_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "schedules_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suites"("id") ON DELETE CASCADE,
        CONSTRAINT "schedules_cron_check" CHECK (char_length("cron") <= 200),
        CONSTRAINT "schedules_timezone_check" CHECK (char_length("timezone") <= 64)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "schedules_suite_id_key" ON "schedules" ("suite_id")`);
    await queryRunner.query(
      `CREATE INDEX "schedules_due_idx" ON "schedules" ("next_fire_at") WHERE "enabled" AND "next_fire_at" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "schedules_created_at_id_idx" ON "schedules" ("created_at", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "schedules"`);
  }
}
