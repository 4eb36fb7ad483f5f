import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { SuiteEntity } from '@dq/suites/entities';

/**
 * A suite's cron schedule: a 5-field expression read in an IANA time zone. `next_fire_at` is the
 * next instant the schedule is due (null while disabled); the ticker claims due rows with
 * `FOR UPDATE SKIP LOCKED`, so each tick fires once however many scheduler processes run.
 */
@Entity({ name: 'schedules' })
@Check('schedules_cron_check', `char_length("cron") <= 200`)
@Check('schedules_timezone_check', `char_length("timezone") <= 64`)
@Index('schedules_suite_id_key', ['suiteId'], { unique: true })
@Index('schedules_due_idx', ['nextFireAt'], { where: `"enabled" AND "next_fire_at" IS NOT NULL` })
@Index('schedules_created_at_id_idx', ['createdAt', 'id'])
export class ScheduleEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'schedules_pkey' })
  id!: string;

  @Column({ name: 'suite_id', type: 'uuid' })
  suiteId!: string;

  @ManyToOne(() => SuiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'suite_id', foreignKeyConstraintName: 'schedules_suite_id_fkey' })
  suite?: SuiteEntity;

  @Column({ name: 'cron', type: 'text' })
  cron!: string;

  @Column({ name: 'timezone', type: 'text' })
  timezone!: string;

  @Column({ name: 'enabled', type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ name: 'next_fire_at', type: 'timestamptz', nullable: true })
  nextFireAt!: Date | null;

  @Column({ name: 'last_fired_at', type: 'timestamptz', nullable: true })
  lastFiredAt!: Date | null;

  /** The run the last tick queued (or joined, when one was already in flight). */
  @Column({ name: 'last_run_id', type: 'uuid', nullable: true })
  lastRunId!: string | null;

  /** Ticks passed over without a run because the scheduler was down when they fell due. */
  @Column({ name: 'missed_ticks', type: 'int', default: 0 })
  missedTicks!: number;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
