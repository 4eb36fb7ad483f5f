/** The scoring form's three inputs as typed (a number input answers a string while being edited). */
export interface WeightInputs {
  warn: number | string;
  fail: number | string;
  critical: number | string;
}

export type WeightField = keyof WeightInputs;

export const WEIGHT_FIELDS: readonly WeightField[] = ['warn', 'fail', 'critical'];

export type ParsedWeights =
  | { ok: true; weights: { warn: number; fail: number; critical: number } }
  | { ok: false; problems: Partial<Record<WeightField, string>> };

function numberOf(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * The weights to send, or what keeps a field from being a number at all. The ordering rule
 * (0 <= warn <= fail <= critical, critical > 0) is the API's to judge: its 422 names the fields.
 */
export function parseWeights(inputs: WeightInputs): ParsedWeights {
  const problems: Partial<Record<WeightField, string>> = {};
  const weights = { warn: 0, fail: 0, critical: 0 };
  for (const field of WEIGHT_FIELDS) {
    const value = numberOf(inputs[field]);
    if (value === null) problems[field] = `Enter a number for ${field}`;
    else weights[field] = value;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, weights };
}

/** Whether the typed inputs say the same as the weights in force (nothing to save). */
export function sameWeights(
  inputs: WeightInputs,
  weights: { warn: number; fail: number; critical: number },
): boolean {
  const parsed = parseWeights(inputs);
  return parsed.ok && WEIGHT_FIELDS.every((field) => parsed.weights[field] === weights[field]);
}
