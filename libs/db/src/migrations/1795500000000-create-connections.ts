import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateConnections1795500000000 implements MigrationInterface {
  name = 'CreateConnections1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "connections" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "kind" text NOT NULL,
        "config" jsonb NOT NULL,
        "secret_ciphertext" text,
        "health_status" text NOT NULL DEFAULT 'unknown',
        "consecutive_auth_failures" integer NOT NULL DEFAULT 0,
        "last_auth_success_at" timestamptz,
        "last_auth_failure_at" timestamptz,
        "last_error" jsonb,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "version" integer NOT NULL DEFAULT 1,
        "deleted_at" timestamptz,
        CONSTRAINT "connections_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "connections_name_live_key" ON "connections" ("name") WHERE "deleted_at" IS NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE "connection_versions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "connection_id" uuid NOT NULL,
        "version" integer NOT NULL,
        "name" text NOT NULL,
        "config" jsonb NOT NULL,
        "changed_fields" text[] NOT NULL,
        "changed_by" uuid,
        "changed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "connection_versions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "connection_versions_connection_id_version_key" UNIQUE ("connection_id", "version"),
        CONSTRAINT "connection_versions_connection_id_fkey" FOREIGN KEY ("connection_id")
          REFERENCES "connections" ("id") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "connection_versions"`);
    await queryRunner.query(`DROP TABLE "connections"`);
  }
}
