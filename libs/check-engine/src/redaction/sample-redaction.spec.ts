import {
  classifyColumn,
  classifyValue,
  maskValue,
  redactSampleRow,
  suggestedTreatment,
} from './sample-redaction';

describe('classifyValue', () => {
  it.each([
    ['ada@example.com', 'email'],
    ['4111 1111 1111 1111', 'card_number'],
    ['GB82WEST12345698765432', 'iban'],
    ['123-45-6789', 'national_id'],
    ['192.168.10.4', 'ip_address'],
    ['+44 20 7946 0958', 'phone'],
    ['AKIAIOSFODNN7EXAMPLE', 'secret'],
    ['sk_live_51HcXyzAbCdEfGhIjK', 'secret'],
    ['q7Zt9Lm2Xp4Rv8Nb3Kd6Hs1Wj5Fg0Yc', 'secret'],
  ])('%s is %s', (value, category) => {
    expect(classifyValue(value)).toBe(category);
  });

  it.each([
    '4111 1111 1111 1112',
    'GB82WEST12345698765431',
    'hello world',
    '2024-01-01',
    12345,
    'Mezzogiorno',
    '1517',
  ])('%s is nothing', (value) => {
    expect(classifyValue(value)).toBeNull();
  });
});

describe('redactSampleRow', () => {
  const row = {
    id: 7,
    email: 'ada@example.com',
    country: 'UK',
    note: 'card 4111111111111111',
    token: 'AKIAIOSFODNN7EXAMPLE',
    gone: null,
  };

  it('applies the policy, then the classifier on allowed columns', () => {
    expect(
      redactSampleRow(row, {
        columns: { id: 'allow', country: 'allow', token: 'allow', note: 'allow', email: 'redact' },
        default: 'mask',
      }),
    ).toEqual({
      id: 7,
      email: '[redacted]',
      country: 'UK',
      note: 'card 4111111111111111',
      token: 'A********E',
      gone: null,
    });
  });

  it('masks by default', () => {
    const redacted = redactSampleRow(row, { columns: {}, default: 'mask' });
    expect(redacted['email']).toBe('a********m');
    expect(JSON.stringify(redacted)).not.toContain('ada@example.com');
    expect(JSON.stringify(redacted)).not.toContain('AKIAIOSFODNN7EXAMPLE');
  });

  it('masks short values entirely', () => {
    expect(maskValue('UK')).toBe('****');
    expect(maskValue(null)).toBeNull();
  });

  it('keeps whole characters at the edges: an emoji, a flag, a letter with its combining mark', () => {
    expect(maskValue('😀 happy customer 😀')).toBe('😀********😀');
    expect(maskValue('🇬🇧 United Kingdom')).toBe('🇬🇧********m');
    expect(maskValue('e\u0301clair au cafe\u0301')).toBe('e\u0301********e\u0301');
    // Four characters, eight UTF-16 code units: short, so fully masked.
    expect(maskValue('😀😀😀😀')).toBe('****');
  });

  it('masks the text of a timestamp, not its JSON', () => {
    expect(maskValue(new Date('2026-11-20T10:00:00.000Z'))).toBe('2********Z');
    expect(maskValue(12345.5)).toBe('1*****5');
  });

  it('masks an empty text to an empty text, never to a value-looking ****', () => {
    expect(maskValue('')).toBe('');
    expect(maskValue(' ')).toBe('****');
  });

  it('shows NaN and the infinities as their names, masked or allowed, never as null', () => {
    const policy = { columns: { shown: 'allow' as const }, default: 'mask' as const };
    expect(redactSampleRow({ shown: Number.NaN, hidden: Number.NaN }, policy)).toEqual({
      shown: 'NaN',
      hidden: '****',
    });
    expect(redactSampleRow({ a: Infinity, b: -Infinity }, { columns: {}, default: 'allow' })).toEqual({
      a: 'Infinity',
      b: '-Infinity',
    });
  });

  it('replaces NUL and lone surrogates from the source with U+FFFD in every treatment', () => {
    const row = { 'col\u0000': 'a\u0000b', broken: '\ud83d tail', edge: 'x\udc00' };
    expect(redactSampleRow(row, { columns: {}, default: 'allow' })).toEqual({
      'col\ufffd': 'a\ufffdb',
      broken: '\ufffd tail',
      edge: 'x\ufffd',
    });
    expect(maskValue('\ud83dabcdef\ud83d')).toBe('\ufffd******\ufffd');
  });
});

describe('classifyColumn', () => {
  it('combines the name and the values', () => {
    expect(classifyColumn('contact_email', 'text', ['a@b.co', 'c@d.org'])).toMatchObject({
      category: 'email',
      confidence: 1,
    });
    expect(classifyColumn('notes', 'text', ['x@y.com', 'z@w.net', 'v@u.io'])).toMatchObject({
      category: 'email',
    });
    expect(classifyColumn('password', 'text', [])).toMatchObject({ category: 'secret', confidence: 0.5 });
  });

  it('does not flag a count named after personal data, nor ordinary values', () => {
    expect(classifyColumn('email_count', 'bigint', [3, 5, 8])).toBeNull();
    expect(classifyColumn('region', 'text', ['Mezzogiorno', 'Estero'])).toBeNull();
  });

  it('redacts identifiers and secrets, masks the rest', () => {
    expect(suggestedTreatment('secret')).toBe('redact');
    expect(suggestedTreatment('email')).toBe('mask');
  });
});
