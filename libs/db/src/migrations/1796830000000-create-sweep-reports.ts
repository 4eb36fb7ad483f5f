import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The last report of each daily sweep and its once-per-day claim (orchestration context). */
export class CreateSweepReports1796830000000 implements MigrationInterface {
  name = 'CreateSweepReports1796830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "sweep_reports" (
        "kind" text NOT NULL,
        "claimed_day" date,
        "claimed_at" timestamptz,
        "trigger" text,
        "started_at" timestamptz,
        "finished_at" timestamptz,
        "outcome" text,
        "report" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "ran_by" text,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "sweep_reports_pkey" PRIMARY KEY ("kind"),
        CONSTRAINT "sweep_reports_kind_check" CHECK (char_length("kind") <= 64),
        CONSTRAINT "sweep_reports_outcome_check" CHECK ("outcome" IN ('running', 'completed', 'skipped', 'failed'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sweep_reports"`);
  }
}
