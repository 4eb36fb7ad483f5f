import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The alert outbox (alerting context, docs/decisions/0045). */
export class CreateAlertDeliveries1796910000000 implements MigrationInterface {
  name = 'CreateAlertDeliveries1796910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "alert_deliveries" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "channel_id" uuid NOT NULL,
        "run_id" uuid,
        "suite_id" uuid,
        "kind" text NOT NULL,
        "dedup_key" text NOT NULL,
        "payload" jsonb NOT NULL,
        "state" text NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
        "lease_until" timestamptz,
        "leased_by" text,
        "first_attempt_at" timestamptz,
        "last_error" text,
        "last_status_code" integer,
        "delivered_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "alert_deliveries_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "alert_deliveries_dedup_key_key" UNIQUE ("dedup_key"),
        CONSTRAINT "alert_deliveries_state_check" CHECK ("state" IN ('pending', 'delivering', 'delivered', 'dead')),
        CONSTRAINT "alert_deliveries_kind_check" CHECK (char_length("kind") <= 64),
        CONSTRAINT "alert_deliveries_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "notification_channels"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "alert_deliveries_state_next_attempt_at_idx" ON "alert_deliveries" ("state", "next_attempt_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "alert_deliveries_channel_id_created_at_idx" ON "alert_deliveries" ("channel_id", "created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "alert_deliveries"`);
  }
}
