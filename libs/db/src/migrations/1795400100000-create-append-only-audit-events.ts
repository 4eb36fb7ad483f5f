import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAppendOnlyAuditEvents1795400100000 implements MigrationInterface {
  name = 'CreateAppendOnlyAuditEvents1795400100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "audit_events" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "occurred_at" timestamptz NOT NULL DEFAULT now(),
        "action" text NOT NULL,
        "actor_user_id" uuid,
        "actor_credential" text,
        "target_type" text,
        "target_id" text,
        "detail" jsonb NOT NULL DEFAULT '{}',
        "request_id" text,
        CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "audit_events_occurred_at_idx" ON "audit_events" ("occurred_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_events_target_type_target_id_idx" ON "audit_events" ("target_type", "target_id")`,
    );

    // Append-only in the database, not just in the service: any rewrite of history is refused,
    // whoever issues it. Row-level BEFORE triggers cover UPDATE and DELETE; TRUNCATE bypasses row
    // triggers, so it gets a statement-level one.
    await queryRunner.query(`
      CREATE FUNCTION "audit_events_refuse_change"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END;
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "audit_events_refuse_update_delete"
        BEFORE UPDATE OR DELETE ON "audit_events"
        FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"()`);
    await queryRunner.query(`
      CREATE TRIGGER "audit_events_refuse_truncate"
        BEFORE TRUNCATE ON "audit_events"
        FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Dropping the table drops its triggers; the function goes after them.
    await queryRunner.query(`DROP TABLE "audit_events"`);
    await queryRunner.query(`DROP FUNCTION "audit_events_refuse_change"()`);
  }
}
