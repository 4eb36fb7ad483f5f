import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-suite notifications (alerting context): the suite's config (a suite without a row has the
 * defaults), its linked channels per role, and each check's alert episode that the alert rules
 * read and write (docs/decisions/0046).
 */
export class CreateSuiteNotifications1796920000000 implements MigrationInterface {
  name = 'CreateSuiteNotifications1796920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "suite_notification_settings" (
        "suite_id" uuid NOT NULL,
        "alert_on" text NOT NULL DEFAULT 'warn_and_above',
        "enabled" boolean NOT NULL DEFAULT true,
        "auto_resolve" boolean NOT NULL DEFAULT false,
        "use_workspace_default" boolean NOT NULL DEFAULT true,
        "updated_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "suite_notification_settings_pkey" PRIMARY KEY ("suite_id"),
        CONSTRAINT "suite_notification_settings_alert_on_check" CHECK ("alert_on" IN ('fail_only', 'warn_and_above', 'always')),
        CONSTRAINT "suite_notification_settings_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suites"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "suite_notification_channels" (
        "suite_id" uuid NOT NULL,
        "channel_id" uuid NOT NULL,
        "role" text NOT NULL,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "suite_notification_channels_pkey" PRIMARY KEY ("suite_id", "channel_id", "role"),
        CONSTRAINT "suite_notification_channels_role_check" CHECK ("role" IN ('alert', 'escalation')),
        CONSTRAINT "suite_notification_channels_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suites"("id") ON DELETE CASCADE,
        CONSTRAINT "suite_notification_channels_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "notification_channels"("id") ON DELETE RESTRICT
      )`);
    await queryRunner.query(
      `CREATE INDEX "suite_notification_channels_channel_id_idx" ON "suite_notification_channels" ("channel_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "check_alert_states" (
        "check_id" uuid NOT NULL,
        "suite_id" uuid NOT NULL,
        "episode_open" boolean NOT NULL DEFAULT false,
        "last_alerted_severity" text,
        "episode_severity" text,
        "snoozed_notice_until" timestamptz,
        "last_run_id" uuid,
        "last_run_finished_at" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "check_alert_states_pkey" PRIMARY KEY ("check_id"),
        CONSTRAINT "check_alert_states_last_alerted_severity_check" CHECK ("last_alerted_severity" IN ('warn', 'fail', 'critical')),
        CONSTRAINT "check_alert_states_episode_severity_check" CHECK ("episode_severity" IN ('warn', 'fail', 'critical')),
        CONSTRAINT "check_alert_states_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "check_alert_states_suite_id_idx" ON "check_alert_states" ("suite_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "check_alert_states"`);
    await queryRunner.query(`DROP TABLE "suite_notification_channels"`);
    await queryRunner.query(`DROP TABLE "suite_notification_settings"`);
  }
}
