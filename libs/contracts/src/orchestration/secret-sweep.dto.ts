import { ApiProperty } from '@nestjs/swagger';

/** Where the last orphan-secret sweep stands; `never_run` until one is recorded. */
export const SecretSweepStatus = {
  NeverRun: 'never_run',
  /** The process that ran it had no public key ring configured: nothing was checked. */
  Skipped: 'skipped',
  Completed: 'completed',
  Failed: 'failed',
} as const;
export type SecretSweepStatus = (typeof SecretSweepStatus)[keyof typeof SecretSweepStatus];

/** What started a sweep: the scheduler's once-a-day pass or an Admin's `POST /admin/secret-sweep/run`. */
export const SweepTrigger = { Daily: 'daily', Manual: 'manual' } as const;
export type SweepTrigger = (typeof SweepTrigger)[keyof typeof SweepTrigger];

/** Why a sealed credential counts as an orphan (docs/decisions/0042). */
export const OrphanSecretReason = {
  /** The connection was deleted but its sealed credential is still stored. */
  ConnectionDeleted: 'connection_deleted',
  /** Sealed under a key id that is not in the current public key ring: no configured key pair opens it. */
  KeyNotInRing: 'key_not_in_ring',
  /** Not a current (`v2`) envelope, or malformed: the runner cannot open it. */
  UnreadableEnvelope: 'unreadable_envelope',
} as const;
export type OrphanSecretReason = (typeof OrphanSecretReason)[keyof typeof OrphanSecretReason];

/** At most this many orphans are listed by id in one report; the counts stay complete. */
export const SECRET_SWEEP_MAX_LISTED = 500;

/** One orphaned sealed credential: which connection holds it and why; never the envelope. */
export class OrphanSecretView {
  @ApiProperty({ type: String, format: 'uuid' })
  connection_id!: string;

  @ApiProperty({ enum: Object.values(OrphanSecretReason) })
  reason!: OrphanSecretReason;

  /** The key id the envelope names, when it names one. */
  @ApiProperty({ type: String, nullable: true })
  key_id!: string | null;
}

export class SecretSweepCounts {
  /** Sealed credentials looked at (live and deleted connections). */
  @ApiProperty()
  sealed_credentials!: number;

  @ApiProperty()
  orphans!: number;

  @ApiProperty()
  connection_deleted!: number;

  @ApiProperty()
  key_not_in_ring!: number;

  @ApiProperty()
  unreadable_envelope!: number;
}

/**
 * `GET /admin/secret-sweep` and `POST /admin/secret-sweep/run`: the last orphan-secret sweep. The
 * sweep only reports; nothing is ever deleted (`deleted` is always 0).
 */
export class SecretSweepReport {
  @ApiProperty({ enum: Object.values(SecretSweepStatus) })
  status!: SecretSweepStatus;

  @ApiProperty({ enum: Object.values(SweepTrigger), nullable: true })
  trigger!: SweepTrigger | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  started_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at!: string | null;

  /** Null until a sweep has completed. */
  @ApiProperty({ type: SecretSweepCounts, nullable: true })
  counts!: SecretSweepCounts | null;

  /** The orphans by connection id, at most `SECRET_SWEEP_MAX_LISTED`, ordered by id. */
  @ApiProperty({ type: [OrphanSecretView] })
  orphans!: OrphanSecretView[];

  /** True when more orphans exist than are listed. */
  @ApiProperty()
  orphans_truncated!: boolean;

  /** The key ids of the public key ring the envelopes were checked against. */
  @ApiProperty({ type: [String] })
  key_ids!: string[];

  /** Always 0: the sweep is report-only. */
  @ApiProperty({ enum: [0] })
  deleted!: 0;

  /** Why the last sweep failed or was skipped (never secret material); else null. */
  @ApiProperty({ type: String, nullable: true })
  error!: string | null;
}

/** Audit event name of an on-demand secret sweep (`target_type` `secret_sweep`). */
export const SecretSweepAuditAction = { Run: 'secret_sweep.run' } as const;
export const SECRET_SWEEP_AUDIT_TARGET = 'secret_sweep';
