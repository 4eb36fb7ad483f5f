import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The inbox that makes event consumers idempotent: a consumer records the event id in the same
 * transaction as its effect, so a redelivered event finds its row and is skipped.
 */
@Entity({ name: 'consumed_events' })
export class ConsumedEventEntity {
  @PrimaryColumn({ name: 'consumer', type: 'text', primaryKeyConstraintName: 'consumed_events_pkey' })
  consumer!: string;

  @PrimaryColumn({ name: 'event_id', type: 'text', primaryKeyConstraintName: 'consumed_events_pkey' })
  eventId!: string;

  @CreateDateColumn({ name: 'consumed_at', type: 'timestamptz', default: () => 'now()' })
  consumedAt!: Date;
}
