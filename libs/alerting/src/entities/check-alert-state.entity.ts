import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { CheckEntity } from '@dq/suites/entities';

/**
 * A check's alert episode (docs/decisions/0046): open from its first threshold-meeting failure until
 * a clean run, with the highest severity alerted in it, so the next run's decision reads this row and
 * not the previous run's outcome alone. Written by the run-completed consumer in its inbox
 * transaction, and closed by a manual incident resolve; both row-locked.
 */
@Entity({ name: 'check_alert_states' })
@Check(
  'check_alert_states_last_alerted_severity_check',
  `"last_alerted_severity" IN ('warn', 'fail', 'critical')`,
)
@Check('check_alert_states_episode_severity_check', `"episode_severity" IN ('warn', 'fail', 'critical')`)
@Index('check_alert_states_suite_id_idx', ['suiteId'])
export class CheckAlertStateEntity {
  @PrimaryColumn({ name: 'check_id', type: 'uuid', primaryKeyConstraintName: 'check_alert_states_pkey' })
  checkId!: string;

  @ManyToOne(() => CheckEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'check_id', foreignKeyConstraintName: 'check_alert_states_check_id_fkey' })
  check?: CheckEntity;

  @Column({ name: 'suite_id', type: 'uuid' })
  suiteId!: string;

  @Column({ name: 'episode_open', type: 'boolean', default: false })
  episodeOpen!: boolean;

  @Column({ name: 'last_alerted_severity', type: 'text', nullable: true })
  lastAlertedSeverity!: string | null;

  @Column({ name: 'episode_severity', type: 'text', nullable: true })
  episodeSeverity!: string | null;

  /** Non-null while a snooze silenced a failure of the open episode: told in the next alert. */
  @Column({ name: 'snoozed_notice_until', type: 'timestamptz', nullable: true })
  snoozedNoticeUntil!: Date | null;

  @Column({ name: 'last_run_id', type: 'uuid', nullable: true })
  lastRunId!: string | null;

  @Column({ name: 'last_run_finished_at', type: 'timestamptz', nullable: true })
  lastRunFinishedAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
