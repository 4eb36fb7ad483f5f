import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A suite's finished runs newest first, for the completion event's "previous finished run": one
 * index entry read whatever the planner believes of the table. Right after a burst of triggers its
 * statistics still say nearly every run is queued, and without this index it reads and sorts every
 * finished run of the suite, a cost that grows as the burst drains.
 */
export class IndexFinishedRunsBySuite1796200000000 implements MigrationInterface {
  name = 'IndexFinishedRunsBySuite1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "runs_suite_id_finished_newest_idx" ON "runs" ("suite_id", "created_at" DESC, "id" DESC) WHERE "status" IN ('succeeded', 'failed', 'cancelled')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "runs_suite_id_finished_newest_idx"`);
  }
}
