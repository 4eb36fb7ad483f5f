import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { AlertOn } from '@dq/contracts';
import { SuiteEntity } from '@dq/suites/entities';

/**
 * A suite's notification config (docs/decisions/0046). A suite without a row behaves as the defaults:
 * `warn_and_above`, enabled, no auto-resolve, the workspace default channel when it links none.
 */
@Entity({ name: 'suite_notification_settings' })
@Check(
  'suite_notification_settings_alert_on_check',
  `"alert_on" IN ('fail_only', 'warn_and_above', 'always')`,
)
export class SuiteNotificationSettingsEntity {
  @PrimaryColumn({
    name: 'suite_id',
    type: 'uuid',
    primaryKeyConstraintName: 'suite_notification_settings_pkey',
  })
  suiteId!: string;

  @ManyToOne(() => SuiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'suite_id', foreignKeyConstraintName: 'suite_notification_settings_suite_id_fkey' })
  suite?: SuiteEntity;

  @Column({ name: 'alert_on', type: 'text', default: 'warn_and_above' })
  alertOn!: AlertOn;

  @Column({ name: 'enabled', type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ name: 'auto_resolve', type: 'boolean', default: false })
  autoResolve!: boolean;

  /** When the suite links no alert channel: whether the workspace default channel receives its alerts. */
  @Column({ name: 'use_workspace_default', type: 'boolean', default: true })
  useWorkspaceDefault!: boolean;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
