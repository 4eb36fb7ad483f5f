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
import type { IncidentResolveReason, IncidentSeverity, IncidentState } from '@dq/contracts';
import { CheckEntity, SuiteEntity } from '@dq/suites/entities';

/** What the incident keeps of its latest failure, so the card can name the version that failed. */
export interface IncidentFailureSnapshot {
  run_id: string;
  severity: IncidentSeverity;
  check_version: number;
  at: string;
}

/**
 * A check's incident (docs/decisions/0047): opened by its first failing run, later failures attach
 * (raising `severity` to the highest seen), then acknowledged and resolved. At most one incident
 * per check is not resolved (`incidents_open_check_key`); a failure after a resolve opens a new
 * one. Removed with its suite or its check: with the check gone nothing could resolve it.
 */
@Entity({ name: 'incidents' })
@Check('incidents_state_check', `"state" IN ('open', 'acknowledged', 'resolved')`)
@Check('incidents_severity_check', `"severity" IN ('warn', 'fail', 'critical')`)
@Check(
  'incidents_resolve_reason_check',
  `"resolve_reason" IS NULL OR "resolve_reason" IN ('fixed', 'expected', 'false_positive', 'no_action_needed')`,
)
@Check('incidents_resolve_comment_check', `char_length("resolve_comment") <= 4000`)
@Index('incidents_open_check_key', ['checkId'], { unique: true, where: `"state" <> 'resolved'` })
@Index('incidents_opened_at_id_idx', ['openedAt', 'id'])
@Index('incidents_suite_id_opened_at_idx', ['suiteId', 'openedAt'])
@Index('incidents_false_positive_idx', ['checkId'], { where: `"resolve_reason" = 'false_positive'` })
export class IncidentEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'incidents_pkey' })
  id!: string;

  @Column({ name: 'suite_id', type: 'uuid' })
  suiteId!: string;

  @ManyToOne(() => SuiteEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'suite_id', foreignKeyConstraintName: 'incidents_suite_id_fkey' })
  suite?: SuiteEntity;

  @Column({ name: 'check_id', type: 'uuid' })
  checkId!: string;

  @ManyToOne(() => CheckEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'check_id', foreignKeyConstraintName: 'incidents_check_id_fkey' })
  check?: CheckEntity;

  @Column({ name: 'state', type: 'text' })
  state!: IncidentState;

  /** The highest severity any attached failure had. */
  @Column({ name: 'severity', type: 'text' })
  severity!: IncidentSeverity;

  @Column({ name: 'opened_at', type: 'timestamptz' })
  openedAt!: Date;

  @Column({ name: 'acknowledged_at', type: 'timestamptz', nullable: true })
  acknowledgedAt!: Date | null;

  @Column({ name: 'acknowledged_by', type: 'uuid', nullable: true })
  acknowledgedBy!: string | null;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;

  /** Null when a clean run resolved it (`resolved_by_run_id` then names the run). */
  @Column({ name: 'resolved_by', type: 'uuid', nullable: true })
  resolvedBy!: string | null;

  @Column({ name: 'resolved_by_run_id', type: 'uuid', nullable: true })
  resolvedByRunId!: string | null;

  @Column({ name: 'resolve_reason', type: 'text', nullable: true })
  resolveReason!: IncidentResolveReason | null;

  @Column({ name: 'resolve_comment', type: 'text', nullable: true })
  resolveComment!: string | null;

  @Column({ name: 'opened_by_run_id', type: 'uuid' })
  openedByRunId!: string;

  @Column({ name: 'last_run_id', type: 'uuid' })
  lastRunId!: string;

  /** Every failing run attached, oldest first: what a false-positive resolve leaves out of baselines. */
  @Column({ name: 'run_ids', type: 'uuid', array: true })
  runIds!: string[];

  @Column({ name: 'failure_count', type: 'int', default: 1 })
  failureCount!: number;

  /** The latest failure: run, severity, the check version it ran, when. */
  @Column({ name: 'last_failure', type: 'jsonb' })
  lastFailure!: IncidentFailureSnapshot;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
