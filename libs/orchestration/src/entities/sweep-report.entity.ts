import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The last report of one daily sweep (docs/decisions/0042), one row per sweep kind. `claimed_day`
 * is the UTC day the daily pass last claimed the sweep: a conditional upsert moves it forward, so
 * however many scheduler replicas race, one of them runs the sweep that day.
 */
@Entity({ name: 'sweep_reports' })
@Check('sweep_reports_kind_check', `char_length("kind") <= 64`)
@Check('sweep_reports_outcome_check', `"outcome" IN ('running', 'completed', 'skipped', 'failed')`)
export class SweepReportEntity {
  @PrimaryColumn({ name: 'kind', type: 'text', primaryKeyConstraintName: 'sweep_reports_pkey' })
  kind!: string;

  /** The UTC day (`YYYY-MM-DD`) of the last daily claim; null until the daily pass first claims it. */
  @Column({ name: 'claimed_day', type: 'date', nullable: true })
  claimedDay!: string | null;

  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt!: Date | null;

  /** `daily` or `manual` (an Admin's run now). */
  @Column({ name: 'trigger', type: 'text', nullable: true })
  trigger!: string | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @Column({ name: 'outcome', type: 'text', nullable: true })
  outcome!: string | null;

  /** Counts, ids and reasons of the last sweep; never secret material. */
  @Column({ name: 'report', type: 'jsonb', default: () => `'{}'` })
  report!: Record<string, unknown>;

  /** The process that ran it: `<service>@<host>:<pid>`. */
  @Column({ name: 'ran_by', type: 'text', nullable: true })
  ranBy!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
