import { AppError, ErrorCode, type FieldViolation } from '@dq/contracts';
import { type ColumnTreatment, type SamplePolicy } from './sample-redaction';

const TREATMENTS: readonly ColumnTreatment[] = ['allow', 'mask', 'redact'];

const MAX_POLICY_COLUMNS = 2000;

/** The stored or requested policy, checked; an empty stored policy reads as "mask by default". */
export function parseColumnPolicy(input: unknown): SamplePolicy {
  const record = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const fields: FieldViolation[] = [];
  const columns = record['columns'] ?? {};
  const fallback = record['default'] ?? 'mask';
  if (!(TREATMENTS as readonly unknown[]).includes(fallback))
    fields.push({ field: 'default', problems: [`default must be one of: ${TREATMENTS.join(', ')}`] });
  const parsed: Record<string, ColumnTreatment> = {};
  if (typeof columns !== 'object' || columns === null || Array.isArray(columns)) {
    fields.push({ field: 'columns', problems: ['columns must map column names to a treatment'] });
  } else {
    const entries = Object.entries(columns);
    if (entries.length > MAX_POLICY_COLUMNS)
      fields.push({ field: 'columns', problems: [`at most ${MAX_POLICY_COLUMNS} columns`] });
    for (const [name, treatment] of entries) {
      if (name.length === 0 || name.length > 255)
        fields.push({ field: 'columns', problems: ['column names are 1 to 255 characters'] });
      else if (!(TREATMENTS as readonly unknown[]).includes(treatment))
        fields.push({
          field: `columns.${name}`,
          problems: [`must be one of: ${TREATMENTS.join(', ')}`],
        });
      else parsed[name] = treatment as ColumnTreatment;
    }
  }
  if (fields.length > 0)
    throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
  return { columns: parsed, default: fallback as ColumnTreatment };
}
