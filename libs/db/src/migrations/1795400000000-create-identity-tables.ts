import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIdentityTables1795400000000 implements MigrationInterface {
  name = 'CreateIdentityTables1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" text NOT NULL,
        "display_name" text NOT NULL,
        "role" text NOT NULL DEFAULT 'member',
        "status" text NOT NULL DEFAULT 'active',
        "idp_issuer" text,
        "idp_subject" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "last_seen_at" timestamptz,
        CONSTRAINT "users_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "users_email_key" UNIQUE ("email"),
        CONSTRAINT "users_idp_issuer_idp_subject_key" UNIQUE ("idp_issuer", "idp_subject"),
        CONSTRAINT "users_role_check" CHECK ("role" IN ('admin', 'member', 'viewer')),
        CONSTRAINT "users_status_check" CHECK ("status" IN ('active', 'deactivated'))
      )`);

    await queryRunner.query(`
      CREATE TABLE "api_keys" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "name" text NOT NULL,
        "key_prefix" text NOT NULL,
        "token_hash" bytea NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz,
        "last_used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "api_keys_token_hash_key" UNIQUE ("token_hash"),
        CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "api_keys_user_id_idx" ON "api_keys" ("user_id")`);

    await queryRunner.query(`
      CREATE TABLE "sessions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "token_hash" bytea NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz,
        "last_used_at" timestamptz,
        CONSTRAINT "sessions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "sessions_token_hash_key" UNIQUE ("token_hash"),
        CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "sessions_user_id_idx" ON "sessions" ("user_id")`);

    await queryRunner.query(`
      CREATE TABLE "otp_challenges" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" text NOT NULL,
        "code_hash" bytea NOT NULL,
        "requester_ip" text,
        "attempts" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "consumed_at" timestamptz,
        "voided_at" timestamptz,
        CONSTRAINT "otp_challenges_pkey" PRIMARY KEY ("id")
      )`);
    // Newest first: verification reads the latest challenge, the limits count the last 15 minutes.
    await queryRunner.query(
      `CREATE INDEX "otp_challenges_email_created_at_idx" ON "otp_challenges" ("email", "created_at" DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE "workspace_members" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" text NOT NULL,
        "user_id" uuid,
        "initial_role" text,
        "provisional" boolean NOT NULL DEFAULT false,
        "admitted_at" timestamptz NOT NULL DEFAULT now(),
        "admitted_by" uuid,
        "withdrawn_at" timestamptz,
        CONSTRAINT "workspace_members_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "workspace_members_email_key" UNIQUE ("email"),
        CONSTRAINT "workspace_members_initial_role_check"
          CHECK ("initial_role" IN ('admin', 'member', 'viewer')),
        CONSTRAINT "workspace_members_user_id_fkey"
          FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL
      )`);

    await queryRunner.query(`
      CREATE TABLE "workspace_settings" (
        "key" text NOT NULL,
        "value" jsonb NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "workspace_settings_pkey" PRIMARY KEY ("key")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "workspace_settings"`);
    await queryRunner.query(`DROP TABLE "workspace_members"`);
    await queryRunner.query(`DROP TABLE "otp_challenges"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
