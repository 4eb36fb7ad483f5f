import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the last passing test found the datasource can do (e.g. native data-metric functions). */
export class AddConnectionCapabilities1795600000000 implements MigrationInterface {
  name = 'AddConnectionCapabilities1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "connections" ADD COLUMN "capabilities" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "connections" DROP COLUMN "capabilities"`);
  }
}
