import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * What the runner may write of a check: the first schema-drift baseline, captured by the check's
 * first run. Conditional, so it never overwrites one stored meanwhile (an explicit rebaseline
 * wins); later changes of the baseline are explicit (`rebaseline`).
 */
@Injectable()
export class CheckBaselines {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** True when this call stored the baseline. */
  async captureIfAbsent(checkId: string, baseline: Record<string, unknown>): Promise<boolean> {
    return updatedAny(
      await this.dataSource.query(
        `UPDATE "checks" SET "baseline" = $2::jsonb, "baseline_captured_at" = now()
          WHERE "id" = $1 AND "baseline" IS NULL RETURNING "id"`,
        [checkId, JSON.stringify(baseline)],
      ),
    );
  }

  /**
   * Replaces a baseline only while it is still `from`, so an explicit rebaseline meanwhile wins.
   * The capture time stays: the snapshot is the same, only told more exactly.
   */
  async refineIfUnchanged(
    checkId: string,
    from: Record<string, unknown>,
    to: Record<string, unknown>,
  ): Promise<boolean> {
    return updatedAny(
      await this.dataSource.query(
        `UPDATE "checks" SET "baseline" = $3::jsonb
          WHERE "id" = $1 AND "baseline" = $2::jsonb RETURNING "id"`,
        [checkId, JSON.stringify(from), JSON.stringify(to)],
      ),
    );
  }
}

/** TypeORM answers an UPDATE on PostgreSQL as `[rows, affected]`, not as the rows. */
function updatedAny(result: unknown): boolean {
  if (Array.isArray(result) && result.length === 2 && typeof result[1] === 'number') return result[1] > 0;
  return Array.isArray(result) && result.length > 0;
}
