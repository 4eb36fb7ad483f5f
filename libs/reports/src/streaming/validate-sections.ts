import type { ReportSection } from '../report-writer';

/** Excel's limit on a sheet name. */
export const MAX_SECTION_NAME_LENGTH = 31;
const FORBIDDEN_IN_NAME = /[[\]:*?/\\]/;

/**
 * Throws a `TypeError` naming the first problem, before anything is written: the same sections must
 * make a valid CSV and a valid XLSX, so names follow Excel's sheet-name rules in both formats.
 */
export function validateSections(sections: readonly ReportSection[]): void {
  if (!Array.isArray(sections) || sections.length === 0) {
    throw new TypeError('A report needs at least one section');
  }
  const seen = new Set<string>();
  sections.forEach((section: ReportSection, index) => {
    const where = `Section ${index + 1}`;
    const { name, header, rows } = section;
    if (typeof name !== 'string' || name.length === 0 || name.length > MAX_SECTION_NAME_LENGTH) {
      throw new TypeError(`${where}: the name must be 1 to ${MAX_SECTION_NAME_LENGTH} characters`);
    }
    if (FORBIDDEN_IN_NAME.test(name) || name.startsWith("'") || name.endsWith("'")) {
      throw new TypeError(`${where}: the name may not contain [ ] : * ? / \\ nor begin or end with '`);
    }
    if (name.toLowerCase() === 'history') throw new TypeError(`${where}: "History" is reserved by Excel`);
    if (seen.has(name.toLowerCase())) throw new TypeError(`${where}: the name "${name}" is used twice`);
    seen.add(name.toLowerCase());
    if (!Array.isArray(header) || header.length === 0 || header.some((cell) => typeof cell !== 'string')) {
      throw new TypeError(`${where}: the header must be a non-empty list of strings`);
    }
    const iterable = rows as Partial<AsyncIterable<unknown> & Iterable<unknown>> | null;
    if (
      iterable === null ||
      typeof iterable !== 'object' ||
      (typeof iterable[Symbol.asyncIterator] !== 'function' &&
        typeof iterable[Symbol.iterator] !== 'function')
    ) {
      throw new TypeError(`${where}: rows must be an iterable or an async iterable`);
    }
  });
}
