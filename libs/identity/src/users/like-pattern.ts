/** The escape character our LIKE/ILIKE patterns declare (`ESCAPE '\'`). */
export const LIKE_ESCAPE = '\\';

/** `%text%` with `%`, `_` and the escape character itself matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `${LIKE_ESCAPE}${char}`)}%`;
}
