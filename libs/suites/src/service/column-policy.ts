import { AppError, ErrorCode, type FieldViolation } from '@dq/contracts';

/** What a failing sample shows of a column: the value, a masked form, or nothing. */
export const ColumnTreatment = ['allow', 'mask', 'redact'] as const;
export type ColumnTreatment = (typeof ColumnTreatment)[number];

/** A suite's failing-sample redaction policy; `default` applies to columns not named. */
export interface ColumnPolicy {
  columns: Record<string, ColumnTreatment>;
  default: ColumnTreatment;
}

const MAX_POLICY_COLUMNS = 2000;

/** The stored or requested policy, checked; an empty stored policy reads as "mask by default". */
export function parseColumnPolicy(input: unknown): ColumnPolicy {
  const record = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const fields: FieldViolation[] = [];
  const columns = record['columns'] ?? {};
  const fallback = record['default'] ?? 'mask';
  if (!(ColumnTreatment as readonly unknown[]).includes(fallback))
    fields.push({ field: 'default', problems: [`default must be one of: ${ColumnTreatment.join(', ')}`] });
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
      else if (!(ColumnTreatment as readonly unknown[]).includes(treatment))
        fields.push({
          field: `columns.${name}`,
          problems: [`must be one of: ${ColumnTreatment.join(', ')}`],
        });
      else parsed[name] = treatment as ColumnTreatment;
    }
  }
  if (fields.length > 0)
    throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
  return { columns: parsed, default: fallback as ColumnTreatment };
}
