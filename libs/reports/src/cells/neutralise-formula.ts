/**
 * First characters that make a spreadsheet read a text cell as a formula (docs/decisions/0023):
 * `=`, `+`, `-`, `@`, plus tab and carriage return, which some spreadsheet programs strip before
 * evaluating what follows.
 */
export const FORMULA_TRIGGER_CHARACTERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

const TRIGGERS = new Set(FORMULA_TRIGGER_CHARACTERS);

/** `text` with a single quote in front when it begins with a formula trigger, otherwise as is. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && TRIGGERS.has(text.charAt(0)) ? `'${text}` : text;
}
