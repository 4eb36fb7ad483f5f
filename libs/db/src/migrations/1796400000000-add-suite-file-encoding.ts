import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The text encoding of a flat-file suite's CSV files (`utf-8`, `utf-16`, `latin-1`: what DuckDB's
 * CSV reader reads). Null for every suite that has not named one, and always for suites of other
 * connection kinds: the reader's default, UTF-8, applies.
 */
export class AddSuiteFileEncoding1796400000000 implements MigrationInterface {
  name = 'AddSuiteFileEncoding1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "suites" ADD COLUMN "file_encoding" text`);
    await queryRunner.query(
      `ALTER TABLE "suites" ADD CONSTRAINT "suites_file_encoding_check" CHECK ("file_encoding" IN ('utf-8', 'utf-16', 'latin-1'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "suites" DROP CONSTRAINT "suites_file_encoding_check"`);
    await queryRunner.query(`ALTER TABLE "suites" DROP COLUMN "file_encoding"`);
  }
}
