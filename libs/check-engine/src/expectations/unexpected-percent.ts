import { CheckOutcome } from '@dq/contracts';
import {
  type BandedOutcome,
  bandUnexpectedPercent,
  resolveExpectationThresholds,
  type SeverityThresholds,
} from '../severity/thresholds';
import { type ExpectationDefinition, ExpectationShape } from './expectation-catalog';

/**
 * Row counts of a column-map expectation, after the row filter. For compound-column uniqueness,
 * `nonnull_count` is the number of rows `ignore_row_if` keeps.
 */
export interface ColumnMapCounts {
  element_count: number;
  nonnull_count: number;
  unexpected_count: number;
}

/**
 * The unexpected percentage as Great Expectations reports it: over non-null rows for value tests,
 * over all rows for the null tests. An empty base is 0 %, as GE calls a map over no values a success.
 */
export function columnMapUnexpectedPercent(
  definition: ExpectationDefinition,
  counts: ColumnMapCounts,
): number {
  if (definition.shape !== ExpectationShape.ColumnMap) {
    throw new TypeError(`${definition.type} is not a column-map expectation`);
  }
  const base = definition.unexpectedBase === 'all_rows' ? counts.element_count : counts.nonnull_count;
  if (counts.unexpected_count < 0 || counts.unexpected_count > base) {
    throw new RangeError('unexpected_count must be between 0 and the rows it is counted over');
  }
  return base === 0 ? 0 : (100 * counts.unexpected_count) / base;
}

export type ExpectationObservation =
  { shape: 'column_map'; counts: ColumnMapCounts } | { shape: 'column_aggregate' | 'table'; met: boolean };

/**
 * Bands an expectation's observation. Column-map results band by their unexpected percentage
 * (`mostly` folded into the fail bound). An aggregate or table expectation is met or not, so it
 * reports 0 % or 100 % unexpected and an unmet one lands on the highest tier its thresholds define
 * (fail by default), whatever the bound, so a user can make, say, a row-count check critical.
 */
export function bandExpectation(
  definition: ExpectationDefinition,
  observation: ExpectationObservation,
  thresholds?: SeverityThresholds | null,
  mostly?: number,
): { outcome: BandedOutcome; unexpected_percent: number } {
  if (
    (observation.shape === ExpectationShape.ColumnMap) !==
    (definition.shape === ExpectationShape.ColumnMap)
  ) {
    throw new TypeError(`${definition.type} is a ${definition.shape} expectation`);
  }
  const resolved = resolveExpectationThresholds(thresholds, mostly);
  if (resolved.fields.length > 0) throw new RangeError('thresholds are invalid; validate them before a run');
  if (observation.shape === ExpectationShape.ColumnMap) {
    const unexpectedPercent = columnMapUnexpectedPercent(definition, observation.counts);
    return {
      outcome: bandUnexpectedPercent(unexpectedPercent, resolved.thresholds),
      unexpected_percent: unexpectedPercent,
    };
  }
  if (observation.met) return { outcome: CheckOutcome.Pass, unexpected_percent: 0 };
  return { outcome: highestTier(resolved.thresholds), unexpected_percent: 100 };
}

function highestTier(thresholds: SeverityThresholds): BandedOutcome {
  if (thresholds.critical !== undefined) return CheckOutcome.Critical;
  if (thresholds.fail !== undefined) return CheckOutcome.Fail;
  return CheckOutcome.Warn;
}
