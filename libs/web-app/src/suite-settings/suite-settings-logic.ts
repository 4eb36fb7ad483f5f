import type { ColumnPolicy, PolicySuggestion, SuiteDocument, Treatment } from './suite-settings-api';

/** The treatments the API applies to a failing sample's column. */
export const TREATMENTS: readonly { value: Treatment; label: string; description: string }[] = [
  { value: 'allow', label: 'Allow', description: 'values are kept as read' },
  { value: 'mask', label: 'Mask', description: 'values are partly hidden' },
  { value: 'redact', label: 'Redact', description: 'values are replaced by [redacted]' },
];

/** Whether two policies say the same (column order does not matter). */
export function samePolicy(a: ColumnPolicy, b: ColumnPolicy): boolean {
  if (a.default !== b.default) return false;
  const left = Object.entries(a.columns);
  return left.length === Object.keys(b.columns).length && left.every(([name, t]) => b.columns[name] === t);
}

/** The draft with one column's treatment set, or the column dropped when `treatment` is null. */
export function withColumn(policy: ColumnPolicy, column: string, treatment: Treatment | null): ColumnPolicy {
  const columns = { ...policy.columns };
  if (treatment === null) delete columns[column];
  else columns[column] = treatment;
  return { ...policy, columns };
}

/** The draft with the chosen suggestions' treatments over whatever it said for those columns. */
export function applySuggestions(
  policy: ColumnPolicy,
  suggestions: readonly PolicySuggestion[],
  chosen: ReadonlySet<string>,
): ColumnPolicy {
  return suggestions
    .filter((suggestion) => chosen.has(suggestion.column))
    .reduce((draft, suggestion) => withColumn(draft, suggestion.column, suggestion.treatment), policy);
}

/** A file name for a suite's exported document: its name in lower-case words, `.dq-suite.json`. */
export function exportFileName(suiteName: string): string {
  const slug = suiteName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'suite'}.dq-suite.json`;
}

export type ParsedDocument = { ok: true; document: SuiteDocument } | { ok: false; problem: string };

/**
 * A pasted or picked file as a suite document: JSON with the document's shape at the top, or wrapped
 * as `{document}` like the import body. Only the outline is checked here; the API judges the rest.
 */
export function parseSuiteDocument(text: string): ParsedDocument {
  if (text.trim() === '') return { ok: false, problem: 'Paste a suite document or pick its file.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'This is not JSON: paste the whole exported document.' };
  }
  const record = (value ?? {}) as Record<string, unknown>;
  const inner =
    typeof record['document'] === 'object' && record['document'] !== null ? record['document'] : value;
  const document = (inner ?? {}) as Record<string, unknown>;
  const suite = document['suite'] as Record<string, unknown> | undefined;
  if (
    document['format'] !== 'dq-suite' ||
    typeof suite !== 'object' ||
    suite === null ||
    typeof suite['name'] !== 'string' ||
    !Array.isArray(document['checks'])
  ) {
    return { ok: false, problem: 'This is not an exported suite document (format "dq-suite").' };
  }
  return { ok: true, document: inner as SuiteDocument };
}

/** The document under another suite name: importing under a new name makes a copy. */
export function renamed(document: SuiteDocument, name: string): SuiteDocument {
  return { ...document, suite: { ...document.suite, name } };
}

/** The connections the API could not resolve for an import (its 422 `detail.unresolved_connections`). */
export function unresolvedConnectionsOf(detail: Record<string, unknown>): { name: string; kind: string }[] {
  const list = detail['unresolved_connections'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { name, kind } = entry as { name?: unknown; kind?: unknown };
    return typeof name === 'string' && typeof kind === 'string' ? [{ name, kind }] : [];
  });
}

/** A profile figure for the table: a percentage with at most one decimal. */
export function percentText(value: number): string {
  return `${Math.round(value * 10) / 10}%`;
}
