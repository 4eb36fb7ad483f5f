/** A `{{ path }}` placeholder: dot-separated keys, nothing else. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([^{}]*?)\s*\}\}$/;

/** The value at a dot-separated key path, by key lookup only (no indexing, no expressions). */
export function lookupPath(payload: unknown, path: string): unknown {
  let current: unknown = payload;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Reshapes the generic payload with a channel's `payload_template`: a string that is exactly one
 * placeholder takes the value with its JSON type; a placeholder inside a longer string is replaced
 * by the value's text (objects as JSON). An unknown path gives null (whole) or an empty string.
 */
export function applyPayloadTemplate(template: unknown, payload: unknown): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(template);
    if (whole) return lookupPath(payload, whole[1]) ?? null;
    return template.replace(PLACEHOLDER, (_match, path: string) => asText(lookupPath(payload, path)));
  }
  if (Array.isArray(template)) return template.map((item) => applyPayloadTemplate(item, payload));
  if (template !== null && typeof template === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) out[key] = applyPayloadTemplate(value, payload);
    return out;
  }
  return template;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
