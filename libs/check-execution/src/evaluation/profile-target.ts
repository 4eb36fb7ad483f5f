import {
  type ColumnStatistics,
  classifyColumn,
  compileProfile,
  type IntrospectedColumn,
  maskValue,
  PII_SAMPLE_VALUES,
  PROFILE_MAX_TOP_VALUES,
  REDACTED,
  type SamplePolicy,
  type SqlDialect,
  storableRecord,
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
 * policy names get its treatment (`allow` shows them as they are), and in a column it does not name
 * any value that looks personal is masked; the policy's default is for failing samples, since a
 * profile that masked everything would not profile. The PII classification is made on the raw
 * values first, always on the same number of top values ({@link PII_SAMPLE_VALUES}) whatever number
 * is shown. The answer is storable text throughout (lone surrogates and NUL become U+FFFD).
 */
export async function profileTarget(
  runner: StatementRunner,
  dialect: SqlDialect,
  target: string,
  columns: readonly IntrospectedColumn[],
  topValues: number,
  policy: SamplePolicy,
): Promise<TargetProfile> {
  // A number out of range still reaches the compiler, which refuses it.
  const read =
    Number.isInteger(topValues) && topValues >= 0 && topValues <= PROFILE_MAX_TOP_VALUES
      ? Math.min(PROFILE_MAX_TOP_VALUES, Math.max(topValues, PII_SAMPLE_VALUES))
      : topValues;
  const plan = compileProfile(dialect, target, columns, read);
  const statistics = plan.readStatistics((await runner.run(plan.statistics, 1)).rows[0] ?? {});
  const top =
    plan.topValues === null
      ? new Map<string, { value: string | null; count: number }[]>()
      : plan.readTopValues((await runner.run(plan.topValues, columns.length * read + 1)).rows);
  const profile: TargetProfile = {
    row_count: statistics.row_count,
    columns: statistics.columns.map((column) => {
      const frequent = top.get(column.name) ?? [];
      const values = frequent.slice(0, topValues);
      const pii = classifyColumn(column.name, column.type, [
        ...frequent.slice(0, PII_SAMPLE_VALUES).map((entry) => entry.value),
        column.min,
        column.max,
      ]);
      // Columns the policy names keep their treatment; others show values unless they look personal.
      const named = policy.columns[column.name];
      const show = (value: string | null): string | null => {
        if (value === null) return null;
        if (named === 'redact') return REDACTED;
        if (named === 'mask' || (named === undefined && pii !== null)) return maskValue(value);
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
  return storableRecord(profile as unknown as Record<string, unknown>) as unknown as TargetProfile;
}
