import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
  JoinColumn,
  ManyToOne,
} from 'typeorm';
import { SuiteEntity } from './suite.entity';

/**
 * A check of a suite, at its current version. Every change of its definition also writes a row
 * of `check_versions`; snooze and baseline are state, not definition, and mint no version.
 */
@Entity({ name: 'checks' })
@Unique('checks_suite_id_name_key', ['suiteId', 'name'])
export class CheckEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'checks_pkey' })
  id!: string;

  @Column({ name: 'suite_id', type: 'uuid' })
  suiteId!: string;

  @ManyToOne(() => SuiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'suite_id', foreignKeyConstraintName: 'checks_suite_id_fkey' })
  suite?: SuiteEntity;

  @Column({ name: 'name', type: 'text' })
  name!: string;

  @Column({ name: 'description', type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'kind', type: 'text' })
  kind!: string;

  @Column({ name: 'engine', type: 'text', nullable: true })
  engine!: string | null;

  @Column({ name: 'dimension', type: 'text' })
  dimension!: string;

  @Column({ name: 'thresholds', type: 'jsonb', nullable: true })
  thresholds!: Record<string, unknown> | null;

  @Column({ name: 'config', type: 'jsonb' })
  config!: Record<string, unknown>;

  @Column({ name: 'enabled', type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ name: 'version', type: 'integer', default: 1 })
  version!: number;

  /** Alerts for this check are suppressed until then (read by alerting). */
  @Column({ name: 'snoozed_until', type: 'timestamptz', nullable: true })
  snoozedUntil!: Date | null;

  /** Schema drift: the stored column snapshot; anomaly: `{since}` after a rebaseline. */
  @Column({ name: 'baseline', type: 'jsonb', nullable: true })
  baseline!: Record<string, unknown> | null;

  @Column({ name: 'baseline_captured_at', type: 'timestamptz', nullable: true })
  baselineCapturedAt!: Date | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
