import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One entry of the append-only audit log. The database itself refuses UPDATE, DELETE and TRUNCATE
 * on this table (triggers in the migration), so history cannot be rewritten by a buggy service or
 * a manual statement. Written only through `AuditLog.record` in @dq/audit, which scrubs `detail`.
 */
@Entity({ name: 'audit_events' })
// The migration creates this index as (occurred_at DESC): TypeORM does not model the direction.
@Index('audit_events_occurred_at_idx', ['occurredAt'])
@Index('audit_events_target_type_target_id_idx', ['targetType', 'targetId'])
export class AuditEventEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'audit_events_pkey' })
  id!: string;

  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz', default: () => 'now()' })
  occurredAt!: Date;

  @Column({ name: 'action', type: 'text' })
  action!: string;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId!: string | null;

  @Column({ name: 'actor_credential', type: 'text', nullable: true })
  actorCredential!: string | null;

  @Column({ name: 'target_type', type: 'text', nullable: true })
  targetType!: string | null;

  @Column({ name: 'target_id', type: 'text', nullable: true })
  targetId!: string | null;

  @Column({ name: 'detail', type: 'jsonb', default: () => `'{}'` })
  detail!: Record<string, unknown>;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId!: string | null;
}
