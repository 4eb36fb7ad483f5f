import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A suite's runs newest first with the id as tie-break, in index order: the completion event's
 * "previous run" and a suite's run list stop after one index entry instead of sorting every run
 * created in the same instant (or scanning other suites' runs backwards).
 */
export class IndexRunsBySuiteNewestFirst1796100000000 implements MigrationInterface {
  name = 'IndexRunsBySuiteNewestFirst1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "runs_suite_id_created_at_id_idx" ON "runs" ("suite_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(`DROP INDEX "runs_suite_id_created_at_idx"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "runs_suite_id_created_at_idx" ON "runs" ("suite_id", "created_at" DESC)`,
    );
    await queryRunner.query(`DROP INDEX "runs_suite_id_created_at_id_idx"`);
  }
}
