import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notification channels (alerting context): names unique in the workspace, at most one workspace
 * default, and the credentials (webhook URL, auth header value, signing keys) as sealed envelopes.
 */
export class CreateNotificationChannels1796900000000 implements MigrationInterface {
  name = 'CreateNotificationChannels1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notification_channels" (
        "id" uuid NOT NULL,
        "name" text NOT NULL,
        "type" text NOT NULL,
        "webhook_url_sealed" text,
        "email_to" text[] NOT NULL,
        "is_workspace_default" boolean NOT NULL DEFAULT false,
        "is_escalation" boolean NOT NULL DEFAULT false,
        "payload_template" jsonb,
        "auth_header_name" text,
        "auth_header_value_sealed" text,
        "signing_key_sealed" text,
        "previous_signing_key_sealed" text,
        "previous_key_until" timestamptz,
        "flagged_at" timestamptz,
        "flag_reason" text,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "notification_channels_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "notification_channels_type_check" CHECK ("type" IN ('slack', 'teams', 'email', 'webhook')),
        CONSTRAINT "notification_channels_name_check" CHECK (char_length("name") BETWEEN 1 AND 200),
        CONSTRAINT "notification_channels_email_to_check" CHECK (cardinality("email_to") <= 20)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notification_channels_name_key" ON "notification_channels" ("name")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notification_channels_one_default_key" ON "notification_channels" ("is_workspace_default") WHERE "is_workspace_default"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification_channels"`);
  }
}
