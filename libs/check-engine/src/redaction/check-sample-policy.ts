/**
 * Which columns a failing-row sample shows by default: the ones the check is about, so a sample
 * says what is wrong, while every other column keeps the suite's default (docs/decisions/0029).
 */
import { type CheckDefinition } from '../definition/check-definition';
import { ExpectationShape, expectationDefinition } from '../expectations/expectation-catalog';
import { CheckKind } from '../kinds/check-kind';
import { columnNameCategory, type SamplePolicy } from './sample-redaction';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/**
 * The columns a check is about, as its config names them: a column-map expectation's `column`
 * (a compound one's `column_list`); a comparison's key columns and the `compare_columns` it names
 * (comparing every shared column, it names only its keys). Custom SQL, aggregate and table-level
 * checks name none.
 */
export function checkSubjectColumns(definition: Pick<CheckDefinition, 'kind' | 'config'>): string[] {
  const { kind, config } = definition;
  if (kind === CheckKind.Expectation) {
    const type = config['expectation_type'];
    const kwargs = (config['kwargs'] ?? {}) as Record<string, unknown>;
    if (typeof type !== 'string' || expectationDefinition(type)?.shape !== ExpectationShape.ColumnMap)
      return [];
    const column = kwargs['column'];
    return [...(typeof column === 'string' ? [column] : []), ...strings(kwargs['column_list'])];
  }
  if (kind === CheckKind.Comparison)
    return [...new Set([...strings(config['key_columns']), ...strings(config['compare_columns'])])];
  return [];
}

/**
 * The policy one check's samples are redacted with: the suite's policy, plus `allow` (which still
 * goes through the value classifier) for each of the check's columns the policy does not name.
 * A column named in the policy keeps its treatment; a column whose name looks personal (`email`,
 * `phone`, `iban`, ...) and every column under a `redact` default keep the default. `subjects` are
 * the names as the sample rows spell them.
 */
export function checkSamplePolicy(policy: SamplePolicy, subjects: readonly string[]): SamplePolicy {
  if (policy.default !== 'mask') return policy;
  const shown = subjects.filter(
    (name) => !Object.hasOwn(policy.columns, name) && columnNameCategory(name) === null,
  );
  if (shown.length === 0) return policy;
  return {
    default: policy.default,
    columns: Object.fromEntries([
      ...Object.entries(policy.columns),
      ...shown.map((name) => [name, 'allow'] as const),
    ]),
  };
}
