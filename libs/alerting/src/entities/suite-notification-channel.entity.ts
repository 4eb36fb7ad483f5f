import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import type { SuiteChannelRole } from '@dq/contracts';
import { SuiteEntity } from '@dq/suites/entities';
import { NotificationChannelEntity } from './notification-channel.entity';

/**
 * A channel linked to a suite: `alert` receives the suite's alerts, `escalation` its critical
 * checks as well. A linked channel cannot be deleted (409 `channel_in_use`; the foreign key is the
 * backstop); the links go with their suite.
 */
@Entity({ name: 'suite_notification_channels' })
@Check('suite_notification_channels_role_check', `"role" IN ('alert', 'escalation')`)
@Index('suite_notification_channels_channel_id_idx', ['channelId'])
export class SuiteNotificationChannelEntity {
  @PrimaryColumn({
    name: 'suite_id',
    type: 'uuid',
    primaryKeyConstraintName: 'suite_notification_channels_pkey',
  })
  suiteId!: string;

  @PrimaryColumn({
    name: 'channel_id',
    type: 'uuid',
    primaryKeyConstraintName: 'suite_notification_channels_pkey',
  })
  channelId!: string;

  @PrimaryColumn({ name: 'role', type: 'text', primaryKeyConstraintName: 'suite_notification_channels_pkey' })
  role!: SuiteChannelRole;

  @ManyToOne(() => SuiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'suite_id', foreignKeyConstraintName: 'suite_notification_channels_suite_id_fkey' })
  suite?: SuiteEntity;

  @ManyToOne(() => NotificationChannelEntity, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({
    name: 'channel_id',
    foreignKeyConstraintName: 'suite_notification_channels_channel_id_fkey',
  })
  channel?: NotificationChannelEntity;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
