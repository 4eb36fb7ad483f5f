import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What a run reads, frozen at trigger time like its plan: connection, target, zone, column policy. */
export class AddRunTargetSnapshot1795800000000 implements MigrationInterface {
  name = 'AddRunTargetSnapshot1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "runs" ADD "target" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "runs" DROP COLUMN "target"`);
  }
}
