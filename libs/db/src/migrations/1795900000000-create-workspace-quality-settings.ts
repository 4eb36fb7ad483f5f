import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The workspace's health-score weights and stored zero-sample toggle: one row named `workspace`,
 * written on the first change (no row, or null weights, means the defaults). The database refuses
 * weights that break 0 <= warn <= fail <= critical and critical > 0, whoever writes them.
 */
export class CreateWorkspaceQualitySettings1795900000000 implements MigrationInterface {
  name = 'CreateWorkspaceQualitySettings1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "workspace_quality_settings" (
        "name" text NOT NULL,
        "warn_weight" double precision,
        "fail_weight" double precision,
        "critical_weight" double precision,
        "zero_sample_mode" boolean,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "workspace_quality_settings_pkey" PRIMARY KEY ("name"),
        CONSTRAINT "workspace_quality_settings_name_check" CHECK ("name" = 'workspace'),
        CONSTRAINT "workspace_quality_settings_check" CHECK (
          ("warn_weight" IS NULL AND "fail_weight" IS NULL AND "critical_weight" IS NULL)
          OR ("warn_weight" IS NOT NULL AND "fail_weight" IS NOT NULL AND "critical_weight" IS NOT NULL
            AND 0 <= "warn_weight" AND "warn_weight" <= "fail_weight" AND "fail_weight" <= "critical_weight"
            AND "critical_weight" > 0 AND "critical_weight" < 'Infinity')
        )
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "workspace_quality_settings"`);
  }
}
