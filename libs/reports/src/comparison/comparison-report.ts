import type { ReportCell, ReportRow, ReportSection } from '../report-writer';
import { mapRows } from '../streaming/map-rows';

/** Which bucket a differing key is in (the names the comparison result's detail uses). */
export type ComparisonDifferenceSide = 'mismatched' | 'only_in_target' | 'only_in_baseline';

/** The counts of a comparison result (its detail's buckets). */
export interface ComparisonReportSummary {
  readonly matched: number;
  readonly mismatched: number;
  readonly onlyInTarget: number;
  readonly onlyInBaseline: number;
  /** Percent of keys not matched; computed from the counts when left out. */
  readonly mismatchPercent?: number;
  /** Mismatched keys per compared column. */
  readonly mismatchesByColumn?: Readonly<Record<string, number>>;
  /** Lines shown before the counts, e.g. `['check', 'orders match the warehouse']`, `['run_id', id]`. */
  readonly details?: readonly (readonly [string, ReportCell])[];
}

/**
 * One difference: a mismatched key and one of its differing columns (one row per column that
 * differs), or a key found on one side only (`column` null, the value of the side it is on, if any).
 */
export interface ComparisonDifference {
  readonly side: ComparisonDifferenceSide;
  /** The key columns' values, in `keyColumns` order. */
  readonly key: readonly ReportCell[];
  readonly column: string | null;
  readonly targetValue: ReportCell;
  readonly baselineValue: ReportCell;
}

export interface ComparisonReportInput {
  readonly keyColumns: readonly string[];
  readonly summary: ComparisonReportSummary;
  /** Streamed: pulled as the client reads, closed if it goes away. */
  readonly differences: AsyncIterable<ComparisonDifference> | Iterable<ComparisonDifference>;
}

/** The section (sheet) names of a comparison report. */
export const COMPARISON_REPORT_SECTIONS = { summary: 'summary', differences: 'differences' } as const;

/**
 * The sections of a comparison diff report: `summary` (metric, value: the details, the four bucket
 * counts, the total, the mismatch percentage, mismatches per column), then `differences` (side, the
 * key columns, column, target_value, baseline_value), one row per differing key and column.
 *
 * The comparison stores values as canonical text (`canonicalValue`), so key and value strings that
 * are exactly a number's canonical text (`-12.5`, `7`) are written as numbers — a negative value is
 * then a number, not neutralised text; anything else (`007`, `1.50`, 20 digits) stays text.
 */
export function comparisonReportSections(input: ComparisonReportInput): ReportSection[] {
  const { summary, keyColumns } = input;
  return [
    {
      name: COMPARISON_REPORT_SECTIONS.summary,
      header: ['metric', 'value'],
      rows: comparisonSummaryRows(summary),
    },
    {
      name: COMPARISON_REPORT_SECTIONS.differences,
      header: ['side', ...keyColumns, 'column', 'target_value', 'baseline_value'],
      rows: mapRows(input.differences, (difference) => [
        difference.side,
        ...keyColumns.map((_name, index) => cellFromCanonical(difference.key[index] ?? null)),
        difference.column,
        cellFromCanonical(difference.targetValue),
        cellFromCanonical(difference.baselineValue),
      ]),
    },
  ];
}

export function comparisonSummaryRows(summary: ComparisonReportSummary): ReportRow[] {
  const total = summary.matched + summary.mismatched + summary.onlyInTarget + summary.onlyInBaseline;
  const mismatchPercent =
    summary.mismatchPercent ??
    (total === 0 ? 0 : Math.round((1e8 * (total - summary.matched)) / total) / 1e6);
  return [
    ...(summary.details ?? []).map(([label, value]): ReportRow => [label, value]),
    ['matched', summary.matched],
    ['mismatched', summary.mismatched],
    ['only_in_target', summary.onlyInTarget],
    ['only_in_baseline', summary.onlyInBaseline],
    ['total_keys', total],
    ['mismatch_percent', mismatchPercent],
    ...Object.entries(summary.mismatchesByColumn ?? {}).map(([column, count]): ReportRow => [
      `mismatches_by_column.${column}`,
      count,
    ]),
  ];
}

/** A string that is exactly a finite number's canonical text becomes that number; anything else is kept. */
export function cellFromCanonical(value: ReportCell): ReportCell {
  if (typeof value !== 'string' || value === '') return value;
  const number = Number(value);
  return Number.isFinite(number) && String(number) === value ? number : value;
}
