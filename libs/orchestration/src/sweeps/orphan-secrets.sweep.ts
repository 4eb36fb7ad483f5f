import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrphanSecretReason, SECRET_SWEEP_MAX_LISTED } from '@dq/contracts';
import { findOrphanSecrets } from '@dq/connections';
import { type DailySweep, SweepKind, SweepOutcome, type SweepResult } from './daily-sweep';

/** The key ids of the current public key ring (`SECRETS_PUBLIC_KEYS`), or null when not configured. */
export const SWEEP_KEY_IDS = Symbol('SWEEP_KEY_IDS');

/**
 * Reports the sealed credentials nobody can use or nothing references (docs/decisions/0042).
 * Report-only: it never deletes or changes a credential. The report holds counts, connection ids,
 * reasons and key ids, never sealed material.
 */
@Injectable()
export class OrphanSecretsSweep implements DailySweep {
  readonly kind = SweepKind.OrphanSecrets;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SWEEP_KEY_IDS) private readonly keyIds: readonly string[] | null,
  ) {}

  async run(): Promise<SweepResult> {
    // Without the ring every current envelope would look orphaned: report nothing rather than that.
    if (this.keyIds === null) return { outcome: SweepOutcome.Skipped, report: { reason: 'no_key_ring' } };
    const scan = await findOrphanSecrets(this.dataSource, this.keyIds);
    const count = (reason: OrphanSecretReason): number =>
      scan.orphans.filter((orphan) => orphan.reason === reason).length;
    return {
      outcome: SweepOutcome.Completed,
      report: {
        counts: {
          sealed_credentials: scan.sealed_credentials,
          orphans: scan.orphans.length,
          connection_deleted: count(OrphanSecretReason.ConnectionDeleted),
          key_not_in_ring: count(OrphanSecretReason.KeyNotInRing),
          unreadable_envelope: count(OrphanSecretReason.UnreadableEnvelope),
        },
        orphans: scan.orphans.slice(0, SECRET_SWEEP_MAX_LISTED),
        orphans_truncated: scan.orphans.length > SECRET_SWEEP_MAX_LISTED,
        key_ids: [...this.keyIds].sort(),
        deleted: 0,
      },
    };
  }
}
