import { FORMULA_TRIGGER_CHARACTERS, neutraliseFormula } from './neutralise-formula';

describe('neutraliseFormula', () => {
  it.each(['=SUM(A1:A9)', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'prefixes %j with a single quote',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    },
  );

  it.each(['', 'plain', " '=quoted", ' =1', 'a=b', '1-2', "'already"])('leaves %j as it is', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });

  it('covers the characters of docs/decisions/0023: = + - @, tab and carriage return', () => {
    expect([...FORMULA_TRIGGER_CHARACTERS].sort()).toEqual(['\t', '\r', '+', '-', '=', '@'].sort());
  });
});
