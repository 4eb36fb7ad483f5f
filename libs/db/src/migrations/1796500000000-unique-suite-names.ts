import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Suite names are unique in the workspace: import and environment promotion find "the same suite"
 * by name, which needs one suite per name. Suites that already share a name keep the oldest one's
 * name; each later one is renamed `<name> (2)`, `<name> (3)`, ... (the first free suffix, cut to
 * the 200-character name limit) before the unique index is built.
 */
export class UniqueSuiteNames1796500000000 implements MigrationInterface {
  name = 'UniqueSuiteNames1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE "suites" IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(`
      DO $$
      DECLARE
        duplicate record;
        n integer;
        suffix text;
        candidate text;
      BEGIN
        FOR duplicate IN
          SELECT "id", "name" FROM (
            SELECT "id", "name",
              row_number() OVER (PARTITION BY "name" ORDER BY "created_at", "id") AS "rank"
            FROM "suites"
          ) ranked
          WHERE "rank" > 1
          ORDER BY "name", "rank"
        LOOP
          n := 2;
          LOOP
            suffix := ' (' || n || ')';
            candidate := left(duplicate."name", 200 - length(suffix)) || suffix;
            EXIT WHEN NOT EXISTS (SELECT 1 FROM "suites" WHERE "name" = candidate);
            n := n + 1;
          END LOOP;
          UPDATE "suites" SET "name" = candidate, "updated_at" = now() WHERE "id" = duplicate."id";
        END LOOP;
      END $$`);
    await queryRunner.query(`CREATE UNIQUE INDEX "suites_name_key" ON "suites" ("name")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The renames stay: they are valid names either way.
    await queryRunner.query(`DROP INDEX "suites_name_key"`);
  }
}
