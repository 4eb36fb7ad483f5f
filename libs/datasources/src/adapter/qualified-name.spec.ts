import { type NameDialect, quoteIdentifier, splitQualifiedName } from './qualified-name';

const invalid = (): Error => new Error('invalid');
const upper: NameDialect = {
  quote: '"',
  isBare: (raw) => !raw.includes('"'),
  fold: (raw) => raw.toUpperCase(),
};
const backtick: NameDialect = {
  quote: '`',
  isBare: (raw) => /^\w+$/.test(raw),
  fold: (raw) => raw.toLowerCase(),
};

describe('splitQualifiedName', () => {
  it.each([
    ['db.schema.t', upper, ['DB', 'SCHEMA', 'T']],
    [' s . t ', upper, ['S', 'T']],
    ['"Mixed.Case"."a""b"', upper, ['Mixed.Case', 'a"b']],
    ['`a.b`.C', backtick, ['a.b', 'c']],
    ['`x``y`', backtick, ['x`y']],
  ])('%s', (target, dialect, parts) => {
    expect(splitQualifiedName(target, dialect, invalid)).toEqual(parts);
  });

  it.each([
    ['', upper],
    ['a.', upper],
    ['.a', upper],
    ['a..b', upper],
    ['"open', upper],
    ['""', upper],
    ['"a"b', upper],
    ['a"b', upper],
    ['a-b', backtick],
    ['`a`x', backtick],
  ])('refuses %j', (target, dialect) => {
    expect(() => splitQualifiedName(target, dialect, invalid)).toThrow('invalid');
  });
});

describe('quoteIdentifier', () => {
  it('doubles a quote inside, so no text can end the quote early', () => {
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
  });
});
