import {
  type ColumnStatistics,
  classifyColumn,
  compileProfile,
  type IntrospectedColumn,
  maskValue,
  REDACTED,
  type SamplePolicy,
  type SqlDialect,
} from '@dq/check-engine';
import { type StatementRunner } from './target-statements';

export interface ProfiledColumn extends ColumnStatistics {
  null_percent: number;
  top_values: { value: string | null; count: number }[];
  pii: { category: string; confidence: number; reasons: string[] } | null;
}

export interface TargetProfile {
  row_count: number;
  columns: ProfiledColumn[];
}

/**
 * The column profiler: one fused statement for nulls, distinct counts, min and max, one more for
 * the most frequent values. Values a profile shows (min, max, top values) of a column the suite's
 * policy names get its treatment, and any value that looks personal is masked; the policy's
 * default is for failing samples, since a profile that masked everything would not profile. The
 * PII classification is made on the raw values first.
 */
export async function profileTarget(
  runner: StatementRunner,
  dialect: SqlDialect,
  target: string,
  columns: readonly IntrospectedColumn[],
  topValues: number,
  policy: SamplePolicy,
): Promise<TargetProfile> {
  const plan = compileProfile(dialect, target, columns, topValues);
  const statistics = plan.readStatistics((await runner.run(plan.statistics, 1)).rows[0] ?? {});
  const top =
    plan.topValues === null
      ? new Map<string, { value: string | null; count: number }[]>()
      : plan.readTopValues((await runner.run(plan.topValues, columns.length * topValues + 1)).rows);
  return {
    row_count: statistics.row_count,
    columns: statistics.columns.map((column) => {
      const values = top.get(column.name) ?? [];
      const pii = classifyColumn(column.name, column.type, [
        ...values.map((entry) => entry.value),
        column.min,
        column.max,
      ]);
      // Columns the policy names keep their treatment; others show values unless they look personal.
      const treatment = policy.columns[column.name] ?? 'allow';
      const show = (value: string | null): string | null => {
        if (value === null) return null;
        if (treatment === 'redact') return REDACTED;
        if (treatment === 'mask' || pii !== null) return maskValue(value);
        return value;
      };
      return {
        ...column,
        null_percent:
          statistics.row_count === 0
            ? 0
            : Math.round((10000 * column.null_count) / statistics.row_count) / 100,
        min: show(column.min),
        max: show(column.max),
        top_values: values.map((entry) => ({ value: show(entry.value), count: entry.count })),
        pii:
          pii === null ? null : { category: pii.category, confidence: pii.confidence, reasons: pii.reasons },
      };
    }),
  };
}
