import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A suite never runs twice at once unless a trigger asks: at most one running run per suite among
 * those that did not ask (`allow_concurrent`), enforced by a partial unique index so two runners
 * claiming together cannot both win. Failing-row samples are purged after their retention window
 * (the metric stays): `samples_purged_at` records when, and a partial index finds what is due.
 */
export class AddRunConcurrencyAndSamplePurge1796000000000 implements MigrationInterface {
  name = 'AddRunConcurrencyAndSamplePurge1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "runs" ADD "allow_concurrent" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "runs_one_running_per_suite_idx" ON "runs" ("suite_id") WHERE "status" = 'running' AND NOT "allow_concurrent"`,
    );
    await queryRunner.query(`CREATE INDEX "runs_created_at_id_idx" ON "runs" ("created_at", "id")`);
    await queryRunner.query(`ALTER TABLE "run_results" ADD "samples_purged_at" timestamptz`);
    await queryRunner.query(
      `CREATE INDEX "run_results_samples_due_idx" ON "run_results" ("finished_at") WHERE "samples_purged_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "run_results_samples_due_idx"`);
    await queryRunner.query(`ALTER TABLE "run_results" DROP COLUMN "samples_purged_at"`);
    await queryRunner.query(`DROP INDEX "runs_created_at_id_idx"`);
    await queryRunner.query(`DROP INDEX "runs_one_running_per_suite_idx"`);
    await queryRunner.query(`ALTER TABLE "runs" DROP COLUMN "allow_concurrent"`);
  }
}
