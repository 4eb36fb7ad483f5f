import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each run's results counted by outcome, kept on the run row by the statement that records a
 * result, so a run list reads a column instead of grouping every listed run's results. Null until
 * a runner records a result into it: a run from before this column (or whose results were written
 * otherwise) is counted from its results when read, and its first result recorded from now on
 * starts the count from them.
 */
export class AddRunOutcomeCounts1796300000000 implements MigrationInterface {
  name = 'AddRunOutcomeCounts1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "runs" ADD COLUMN "outcome_counts" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "runs" DROP COLUMN "outcome_counts"`);
  }
}
