import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An Admin's explicit allowance of custom SQL and query projections on a connection whose role
 * holds dangerous privileges (server file or program access, superuser). False for every
 * existing connection: nothing is allowed that was not asked for.
 */
export class AllowCustomSqlWithDangerousPrivileges1796620000000 implements MigrationInterface {
  name = 'AllowCustomSqlWithDangerousPrivileges1796620000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "connections" ADD COLUMN "allow_custom_sql_with_dangerous_privileges" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "connections" DROP COLUMN "allow_custom_sql_with_dangerous_privileges"`,
    );
  }
}
