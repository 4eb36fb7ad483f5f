import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { NotificationChannelEntity } from './notification-channel.entity';

/** Where one outbox row stands: queued, leased by a worker, received, or given up (docs/decisions/0045). */
export const DELIVERY_STATES = ['pending', 'delivering', 'delivered', 'dead'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * The alert outbox: one row per (run, channel, kind), inserted in the transaction that decided the
 * alert. The row id is the Standard Webhooks `webhook-id`, constant across retries, so a receiver
 * can drop the one repeat a crash between its 2xx and our commit may cause.
 */
@Entity({ name: 'alert_deliveries' })
@Unique('alert_deliveries_dedup_key_key', ['dedupKey'])
@Index('alert_deliveries_state_next_attempt_at_idx', ['state', 'nextAttemptAt'])
@Index('alert_deliveries_channel_id_created_at_idx', ['channelId', 'createdAt'])
@Check('alert_deliveries_state_check', `"state" IN ('pending', 'delivering', 'delivered', 'dead')`)
@Check('alert_deliveries_kind_check', `char_length("kind") <= 64`)
export class AlertDeliveryEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'alert_deliveries_pkey' })
  id!: string;

  @Column({ name: 'channel_id', type: 'uuid' })
  channelId!: string;

  // A deleted channel takes its queued and past deliveries with it.
  @ManyToOne(() => NotificationChannelEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'channel_id', foreignKeyConstraintName: 'alert_deliveries_channel_id_fkey' })
  channel?: NotificationChannelEntity;

  /** Null for alerts without a run (a poll failure). */
  @Column({ name: 'run_id', type: 'uuid', nullable: true })
  runId!: string | null;

  @Column({ name: 'suite_id', type: 'uuid', nullable: true })
  suiteId!: string | null;

  /** The payload's event type: `alert`, `alert.escalation` or `poll_failure`. */
  @Column({ name: 'kind', type: 'text' })
  kind!: string;

  /** E.g. `<run_id>:<channel_id>:<kind>`; a second insert of the same alert is a no-op. */
  @Column({ name: 'dedup_key', type: 'text' })
  dedupKey!: string;

  /** The generic alert payload (docs/alerting.md); rendered per channel type at send time. */
  @Column({ name: 'payload', type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ name: 'state', type: 'text', default: 'pending' })
  state!: DeliveryState;

  @Column({ name: 'attempts', type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  /** While `delivering`: the worker's lease; past it, another worker may claim the row again. */
  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  /** The process holding the lease: `<service>@<host>:<pid>:<nonce>`. */
  @Column({ name: 'leased_by', type: 'text', nullable: true })
  leasedBy!: string | null;

  @Column({ name: 'first_attempt_at', type: 'timestamptz', nullable: true })
  firstAttemptAt!: Date | null;

  /** Why the last attempt failed: a status code or an error class, never a URL or a secret. */
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
