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
