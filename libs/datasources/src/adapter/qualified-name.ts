/** How a datasource's SQL dialect writes one part of a dotted name. */
export interface NameDialect {
  /** The quote that keeps a part's text as written (doubled inside for a literal one). */
  quote: '"' | '`';
  /** Whether an unquoted part is a name at all. */
  isBare: (raw: string) => boolean;
  /** How the dialect folds an unquoted part (`toLowerCase`, `toUpperCase`). */
  fold: (raw: string) => string;
}

/**
 * Splits a dotted name (`a.b.c`) into its parts as the dialect reads them: unquoted parts are
 * trimmed and folded, quoted parts keep their text and may hold dots. `invalid` is thrown for an
 * empty part, an unclosed quote or anything between a closing quote and the next dot.
 */
export function splitQualifiedName(target: string, dialect: NameDialect, invalid: () => Error): string[] {
  const { quote } = dialect;
  const parts: string[] = [];
  let index = 0;
  for (;;) {
    let part = '';
    if (target[index] === quote) {
      for (index += 1; ; index += 1) {
        if (index >= target.length) throw invalid();
        if (target[index] === quote) {
          if (target[index + 1] !== quote) break;
          index += 1;
        }
        part += target[index];
      }
      index += 1;
      if (part === '') throw invalid();
    } else {
      const end = target.indexOf('.', index);
      const raw = target.slice(index, end === -1 ? target.length : end).trim();
      if (raw === '' || !dialect.isBare(raw)) throw invalid();
      part = dialect.fold(raw);
      index = end === -1 ? target.length : end;
    }
    parts.push(part);
    if (index >= target.length) return parts;
    if (target[index] !== '.') throw invalid();
    index += 1;
  }
}

/** A double-quoted SQL identifier: the only way a name is spliced into SQL (values travel as binds). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
