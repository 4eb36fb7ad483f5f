import { Inject, Injectable, Optional } from '@nestjs/common';
import { type DailySweep, SweepKind, SweepOutcome, type SweepResult } from './daily-sweep';

/** What the assets context returns from retiring unreferenced stale assets. */
export interface OrphanAssetRetirementResult {
  retired: number;
  asset_ids: string[];
}

/**
 * The port the lineage (assets) context fills to retire unreferenced stale assets; until it is
 * provided, the orphan-asset sweep records `skipped` with reason `no_assets_context`.
 */
export interface OrphanAssetRetirement {
  retireOrphans(now: Date): Promise<OrphanAssetRetirementResult>;
}
export const ORPHAN_ASSET_RETIREMENT = Symbol('ORPHAN_ASSET_RETIREMENT');

/** Retires orphan assets through the assets context, or reports that there is none yet. */
@Injectable()
export class OrphanAssetsSweep implements DailySweep {
  readonly kind = SweepKind.OrphanAssets;

  constructor(
    @Optional()
    @Inject(ORPHAN_ASSET_RETIREMENT)
    private readonly retirement: OrphanAssetRetirement | null = null,
  ) {}

  async run(now: Date): Promise<SweepResult> {
    if (!this.retirement) {
      return { outcome: SweepOutcome.Skipped, report: { reason: 'no_assets_context', retired: 0 } };
    }
    const { retired, asset_ids } = await this.retirement.retireOrphans(now);
    return { outcome: SweepOutcome.Completed, report: { retired, asset_ids } };
  }
}
