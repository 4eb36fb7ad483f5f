/**
 * Failing-row samples are redacted column-aware before they are stored or shown (spec rule 9):
 * the suite's column policy first, then a value classifier that catches personal data and secrets
 * the policy let through.
 */
import { storableText, storableValue } from './storable';

/** What a sample shows of a column: the value, a masked form, or nothing. */
export type ColumnTreatment = 'allow' | 'mask' | 'redact';

export interface SamplePolicy {
  columns: Record<string, ColumnTreatment>;
  default: ColumnTreatment;
}

export type PiiCategory =
  | 'email'
  | 'phone'
  | 'card_number'
  | 'iban'
  | 'national_id'
  | 'ip_address'
  | 'secret'
  | 'person_name'
  | 'address'
  | 'birth_date';

export const REDACTED = '[redacted]';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[A-Za-z]{2,24}$/;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}$/i;
const US_SSN = /^(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
// Well-known credential shapes, and long opaque tokens that mix cases, digits and symbols.
const SECRET_PREFIXES =
  /^(AKIA[0-9A-Z]{16}|ASIA[0-9A-Z]{16}|sk_(live|test)_\w{10,}|ghp_\w{30,}|xox[abpr]-[\w-]{10,}|svc_(live|sess)_\w+|eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,})/;

/** International (+...), a bracketed area code, or the North American 3-3-4 grouping; 7 to 15 digits. */
function looksLikePhone(text: string): boolean {
  if (!PHONE.test(text)) return false;
  const digits = (text.match(/\d/g) ?? []).length;
  if (digits < 7 || digits > 15) return false;
  return text.startsWith('+') || /\(\d{2,5}\)/.test(text) || /^\d{3}[-. ]\d{3}[-. ]\d{4}$/.test(text);
}

function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

function ibanValid(value: string): boolean {
  const rearranged = `${value.slice(4)}${value.slice(0, 4)}`;
  let remainder = 0;
  for (const char of rearranged) {
    const code = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function looksLikeToken(value: string): boolean {
  if (value.length < 24 || value.length > 512 || /\s/.test(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((pattern) => pattern.test(value)).length;
  if (classes < 3) return false;
  // Shannon entropy per character: random tokens score high, words and ids low.
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    entropy -= p * Math.log2(p);
  }
  return entropy >= 4;
}

/** The personal-data or secret category a single value looks like, or null. */
export function classifyValue(value: unknown): PiiCategory | null {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') return null;
  const text = String(value).trim();
  if (text.length < 5 || text.length > 2048) return null;
  if (EMAIL.test(text)) return 'email';
  if (SECRET_PREFIXES.test(text) || looksLikeToken(text)) return 'secret';
  if (US_SSN.test(text)) return 'national_id';
  const compact = text.replace(/[\s-]/g, '');
  if (/^\d{13,19}$/.test(compact) && luhn(compact)) return 'card_number';
  if (IBAN.test(compact.toUpperCase()) && ibanValid(compact.toUpperCase())) return 'iban';
  if (IPV4.test(text) || (text.includes(':') && IPV6.test(text))) return 'ip_address';
  if (looksLikePhone(text)) return 'phone';
  return null;
}

// Masks cut between user-perceived characters: cutting inside one (a UTF-16 code unit of an emoji,
// a letter without its combining mark) would leave text that cannot be stored or shown.
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** What an empty text masks to: it hides nothing, and `****` would pass it off as a value. */
export const MASKED_EMPTY = '';

/** A value's text as a sample shows it: texts as they are, dates as ISO 8601, NaN as `NaN`. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  const json = JSON.stringify(storableValue(value));
  return typeof json === 'string' ? json : String(value);
}

/**
 * A masked form that keeps a value's shape but not its content: the first and last character
 * (grapheme) around up to 8 asterisks; a value of 4 characters or fewer is `****`, an empty text
 * stays empty ({@link MASKED_EMPTY}). Always storable text.
 */
export function maskValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = storableText(textOf(value));
  if (text.length === 0) return MASKED_EMPTY;
  const characters = Array.from(GRAPHEMES.segment(text), ({ segment }) => segment);
  if (characters.length <= 4) return '****';
  return `${characters[0]}${'*'.repeat(Math.min(characters.length - 2, 8))}${characters[characters.length - 1]}`;
}

/**
 * One sample row as it may be stored and shown: `redact` columns are gone to a marker, `mask`
 * columns keep a shape, `allow` columns keep their value unless the classifier finds personal
 * data or a secret in it (then it is masked). Nulls stay null: absence is not data. Every value
 * comes out storable ({@link storableValue}): NaN and the infinities as the strings `NaN`,
 * `Infinity`, `-Infinity`, a lone surrogate or NUL from the source as U+FFFD.
 */
export function redactSampleRow(row: Record<string, unknown>, policy: SamplePolicy): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    // Own entries only: a column named `constructor` must not find Object.prototype's.
    const treatment = Object.hasOwn(policy.columns, column) ? policy.columns[column] : policy.default;
    const name = storableText(column);
    if (value === null || value === undefined) out[name] = null;
    else if (treatment === 'redact') out[name] = REDACTED;
    else if (treatment === 'mask' || classifyValue(value) !== null) out[name] = maskValue(value);
    else out[name] = storableValue(value);
  }
  return out;
}

const NAME_HINTS: [RegExp, PiiCategory][] = [
  [/e[-_]?mail/i, 'email'],
  [/(phone|mobile|cell|fax|tel(ephone)?)(_?(no|num(ber)?))?$/i, 'phone'],
  [/(card|cc|pan)[-_]?(no|num(ber)?)|credit[-_]?card/i, 'card_number'],
  [/iban|account[-_]?(no|num(ber)?)/i, 'iban'],
  [/ssn|social[-_]?security|national[-_]?id|passport|tax[-_]?id|nino/i, 'national_id'],
  [/(^|_)ip([-_]?addr(ess)?)?$/i, 'ip_address'],
  [/password|passwd|secret|token|api[-_]?key|private[-_]?key|credential/i, 'secret'],
  [/(first|last|full|given|family|middle|sur)[-_]?name|^name$/i, 'person_name'],
  [/(street|postal|zip|post)[-_]?(code|address)?$|address/i, 'address'],
  [/birth[-_]?date|date[-_]?of[-_]?birth|^dob$|birthday/i, 'birth_date'],
];

/** The personal-data category a column's name alone suggests (`email`, `iban`, `first_name`), or null. */
export function columnNameCategory(column: string): PiiCategory | null {
  return NAME_HINTS.find(([pattern]) => pattern.test(column))?.[1] ?? null;
}

export interface ColumnClassification {
  column: string;
  category: PiiCategory;
  confidence: number;
  reasons: string[];
}

/**
 * How many of a column's most frequent values the classifier judges, whatever number of top values
 * a profile shows: a suggestion must not change with how many values someone asked to see.
 */
export const PII_SAMPLE_VALUES = 10;

/**
 * Heuristic PII detection for a column from its name and some of its values (a profile's
 * {@link PII_SAMPLE_VALUES} most frequent values): a name hint counts 0.5, values count by the share
 * that look like the category. An integer column named `email_count` has no email-looking values
 * and stays below the bar.
 */
export function classifyColumn(
  column: string,
  type: string,
  values: readonly unknown[],
): ColumnClassification | null {
  const reasons: string[] = [];
  const scores = new Map<PiiCategory, number>();
  const numericType = /int|numeric|decimal|double|float|real|number|bool/i.test(type);
  for (const [pattern, category] of NAME_HINTS) {
    if (pattern.test(column) && !(numericType && /count|total|num_|_id$/i.test(column))) {
      scores.set(category, (scores.get(category) ?? 0) + 0.5);
      reasons.push(`name looks like ${category}`);
      break;
    }
  }
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length > 0) {
    const byCategory = new Map<PiiCategory, number>();
    for (const value of present) {
      const category = classifyValue(value);
      if (category !== null) byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
    }
    for (const [category, count] of byCategory) {
      const share = count / present.length;
      if (share >= 0.5) {
        scores.set(category, (scores.get(category) ?? 0) + share);
        reasons.push(`${Math.round(share * 100)} % of sampled values look like ${category}`);
      }
    }
  }
  const best = [...scores.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!best || best[1] < 0.5) return null;
  return { column, category: best[0], confidence: Math.min(1, Math.round(best[1] * 100) / 100), reasons };
}

/** Secrets and identifiers are redacted outright; other personal data is masked. */
export function suggestedTreatment(category: PiiCategory): ColumnTreatment {
  return category === 'secret' ||
    category === 'card_number' ||
    category === 'national_id' ||
    category === 'iban'
    ? 'redact'
    : 'mask';
}
