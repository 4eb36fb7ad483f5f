/**
 * The one `{{path}}` parser of `payload_template` (docs/decisions/0044): the save-time validation
 * and the delivery-time substitution both read a template string through `parseTemplateString`, so
 * a template accepted at save renders exactly as it was validated.
 *
 * Grammar of a template string: literal text and placeholders. A placeholder is `{{`, a path, `}}`;
 * white space around the path inside the braces is allowed and trimmed (`{{ suite.name }}` is
 * `{{suite.name}}`). A path is dot-separated keys of lower-case letters and `_`. The inside of a
 * placeholder holds no brace; any other `{{` or `}}` (unclosed, nested, stray) makes the string
 * malformed. A single `{` or `}` is literal text, so `{{{severity}}}` is `{`, the value, `}`.
 */

/** A piece of a parsed template string. */
export type TemplatePart = { kind: 'text'; text: string } | { kind: 'placeholder'; path: string };

export type ParsedTemplateString =
  | { ok: true; parts: TemplatePart[] }
  /** `problem` is a sentence for a 422's field problems. */
  | { ok: false; problem: string };

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const PATH = /^[a-z_]+(?:\.[a-z_]+)*$/;
const STRAY = /\{\{|\}\}/;

/** Splits a template string into literal text and placeholders, or names why it is malformed. */
export function parseTemplateString(text: string): ParsedTemplateString {
  const parts: TemplatePart[] = [];
  let last = 0;
  const literal = (from: number, to: number): string | null => {
    const piece = text.slice(from, to);
    if (STRAY.test(piece)) return piece;
    if (piece !== '') parts.push({ kind: 'text', text: piece });
    return null;
  };
  for (const match of text.matchAll(PLACEHOLDER)) {
    const index = match.index ?? 0;
    if (literal(last, index) !== null) return malformed();
    const path = (match[1] ?? '').trim();
    if (!PATH.test(path)) {
      return {
        ok: false,
        problem: `placeholder {{${path}}} is not a field path: only {{field.path}} of the alert payload, no expressions`,
      };
    }
    parts.push({ kind: 'placeholder', path });
    last = index + match[0].length;
  }
  if (literal(last, text.length) !== null) return malformed();
  return { ok: true, parts };
}

function malformed(): ParsedTemplateString {
  return { ok: false, problem: 'unbalanced or nested {{ or }} in a template string' };
}

/** The value at a dot-separated key path, by own-key lookup only (no indexing, no prototype). */
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
 * Reshapes the generic payload with a channel's `payload_template`. A string that is exactly one
 * placeholder takes the value with its JSON type; a placeholder inside a longer string is replaced
 * by the value's text (objects and arrays as JSON). A path the payload does not carry (a run
 * alert's `connection.*`, a poll failure's `suite.*`) gives null as a whole string, else empty
 * text. Keys and non-string values are literal. The result is serialised with `JSON.stringify`, so
 * substituted text is escaped once, as any JSON string. A string the parser refuses (never saved
 * since validation uses the same parser) is sent as written, with nothing substituted.
 */
export function applyPayloadTemplate(template: unknown, payload: unknown): unknown {
  if (typeof template === 'string') {
    const parsed = parseTemplateString(template);
    if (!parsed.ok) return template;
    const [only] = parsed.parts;
    if (parsed.parts.length === 1 && only?.kind === 'placeholder')
      return lookupPath(payload, only.path) ?? null;
    return parsed.parts
      .map((part) => (part.kind === 'text' ? part.text : asText(lookupPath(payload, part.path))))
      .join('');
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
