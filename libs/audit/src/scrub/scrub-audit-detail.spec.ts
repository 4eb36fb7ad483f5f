import { scrubAuditDetail, scrubAuditText } from './scrub-audit-detail';

const PAT = 'svc_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

describe('scrubAuditDetail', () => {
  it('replaces the values of secret-named keys at any depth, whatever their type', () => {
    const scrubbed = scrubAuditDetail({
      name: 'ci key',
      password: 'hunter2',
      nested: {
        client_secret: { value: 'x' },
        Authorization: 'Basic abc',
        list: [{ access_token: 'abc', keep: 1 }, { 'api-key': 'k' }, { apiKey: 'k' }, { api_key: 'k' }],
      },
      otp_code_hash: 'deadbeef',
      set_cookie: 'sid=1',
      credentials: ['a', 'b'],
    });
    expect(scrubbed).toEqual({
      name: 'ci key',
      password: '[redacted]',
      nested: {
        client_secret: '[redacted]',
        Authorization: '[redacted]',
        list: [
          { access_token: '[redacted]', keep: 1 },
          { 'api-key': '[redacted]' },
          { apiKey: '[redacted]' },
          { api_key: '[redacted]' },
        ],
      },
      otp_code_hash: '[redacted]',
      set_cookie: '[redacted]',
      credentials: '[redacted]',
    });
  });

  it('replaces credential-shaped strings in values and keys', () => {
    const scrubbed = scrubAuditDetail({
      note: `pasted ${PAT} by mistake`,
      session: 'svc_sess_0123456789abcdef',
      header: 'Bearer eyJhbGciOi.payload.sig',
      deep: [[`x ${PAT}`]],
      [PAT]: 'value',
      harmless: 'svc_id 42 renewed',
    });
    expect(scrubbed).toEqual({
      note: '[redacted]',
      session: '[redacted]',
      header: '[redacted]',
      deep: [['[redacted]']],
      '[redacted]': '[redacted]',
      harmless: 'svc_id 42 renewed',
    });
    expect(JSON.stringify(scrubbed)).not.toContain('svc_live_');
  });

  it('leaves the caller object untouched', () => {
    const detail = { password: 'hunter2', nested: { token: 't' } };
    scrubAuditDetail(detail);
    expect(detail).toEqual({ password: 'hunter2', nested: { token: 't' } });
  });

  it('makes the value JSON-safe: dates, bigints, non-finite numbers, undefined, cycles, errors', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    const scrubbed = scrubAuditDetail({
      at: new Date('2025-01-02T03:04:05.678Z'),
      big: 12n,
      inf: Number.POSITIVE_INFINITY,
      gone: undefined,
      fn: () => 1,
      cyclic,
      error: new Error(`failed with ${PAT}`),
      shared: [1, 1],
    });
    expect(scrubbed).toEqual({
      at: '2025-01-02T03:04:05.678Z',
      big: '12',
      inf: null,
      cyclic: { a: 1, self: '[circular]' },
      error: { name: 'Error', message: '[redacted]' },
      shared: [1, 1],
    });
  });

  it('keeps a value reached twice without a cycle', () => {
    const shared = { n: 1 };
    expect(scrubAuditDetail({ a: shared, b: shared })).toEqual({ a: { n: 1 }, b: { n: 1 } });
  });

  it('cuts structures nested deeper than an audit summary needs', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 40; i += 1) deep = { next: deep };
    expect(JSON.stringify(scrubAuditDetail(deep))).toContain('[truncated]');
  });

  it('answers an empty object for no detail', () => {
    expect(scrubAuditDetail(undefined)).toEqual({});
  });
});

describe('scrubAuditText', () => {
  it('redacts credential-shaped text and keeps the rest', () => {
    expect(scrubAuditText(PAT)).toBe('[redacted]');
    expect(scrubAuditText('pat:6c1d1b2e')).toBe('pat:6c1d1b2e');
    expect(scrubAuditText(null)).toBeNull();
  });
});
