import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A suite's runs newest first with the id as tie-break, in index order, for a suite's run list;
 * and the same for its finished runs only, for the completion event's "previous finished run":
 * one index entry read whatever the planner believes of the table (right after a burst of
 * triggers its statistics still say "mostly queued", and it would sort every finished run).
 */
export class IndexRunsBySuiteNewestFirst1796100000000 implements MigrationInterface {
  name = 'IndexRunsBySuiteNewestFirst1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "runs_suite_id_created_at_id_idx" ON "runs" ("suite_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(`DROP INDEX "runs_suite_id_created_at_idx"`);
    await queryRunner.query(
      `CREATE INDEX "runs_suite_id_finished_newest_idx" ON "runs" ("suite_id", "created_at" DESC, "id" DESC) WHERE "status" IN ('succeeded', 'failed', 'cancelled')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "runs_suite_id_finished_newest_idx"`);
    await queryRunner.query(
      `CREATE INDEX "runs_suite_id_created_at_idx" ON "runs" ("suite_id", "created_at" DESC)`,
    );
    await queryRunner.query(`DROP INDEX "runs_suite_id_created_at_id_idx"`);
  }
}
