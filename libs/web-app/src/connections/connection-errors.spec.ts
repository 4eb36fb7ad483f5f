import { apiErrorOf } from '../api/api-error';
import {
  credentialRedirectOf,
  failedTestOf,
  formErrorsOf,
  lastUseOf,
  summarizeTest,
} from './connection-errors';

const validation = (fields: { field: string; problems: string[] }[]) =>
  apiErrorOf(422, {
    error: { code: 'validation_failed', message: 'Request validation failed', detail: { fields } },
  });

describe('connection answers on screen', () => {
  const keys = ['name', 'config.host', 'config.port', 'config.jobs', 'credential.password'];

  it("puts a 422's field problems on the fields, nested paths on the field they are under", () => {
    const errors = formErrorsOf(
      validation([
        {
          field: 'config.port',
          problems: ['port must not be less than 1', 'port must be an integer number'],
        },
        {
          field: 'config.jobs.0',
          problems: ['each value in jobs must be longer than or equal to 1 characters'],
        },
        { field: 'credential', problems: ['credential must be one of: password or private_key'] },
        { field: 'config.nope', problems: ['property nope should not exist'] },
      ]),
      keys,
    );
    expect(errors.byField).toEqual({
      'config.port': 'port must not be less than 1; port must be an integer number',
      'config.jobs': 'each value in jobs must be longer than or equal to 1 characters',
    });
    // Nothing the API named is dropped: what no field shows is listed apart.
    expect(errors.other).toEqual([
      'credential: credential must be one of: password or private_key',
      'config.nope: property nope should not exist',
    ]);
  });

  it('maps nothing from an answer that is not a validation failure', () => {
    const forbidden = apiErrorOf(403, { error: { code: 'forbidden', message: 'Admins only', detail: {} } });
    expect(formErrorsOf(forbidden, keys)).toEqual({ byField: {}, other: [] });
    expect(formErrorsOf(new Error('x'), keys)).toEqual({ byField: {}, other: [] });
  });

  it('reads a credential redirect: what to send again and which change moved the target', () => {
    const redirect = apiErrorOf(422, {
      error: {
        code: 'credential_redirect',
        message: 'Changing where the credential is sent requires the credential',
        detail: { required: ['credential'], fields: ['host'] },
      },
    });
    expect(credentialRedirectOf(redirect)).toEqual({ required: ['credential'], fields: ['host'] });
    expect(credentialRedirectOf(validation([]))).toBeNull();
  });

  it("reads a re-auth's failed test from its 422", () => {
    const test = {
      ok: false,
      error: { class: 'auth', message: 'password refused' },
      details: {},
      duration_ms: 12,
    };
    const refused = apiErrorOf(422, {
      error: {
        code: 'validation_failed',
        message: 'The new credential did not pass the connection test',
        detail: { test },
      },
    });
    expect(failedTestOf(refused)).toEqual(test);
    expect(failedTestOf(validation([]))).toBeNull();
  });

  it('summarizes a test: success with its time, a failure by its class with the next step', () => {
    expect(summarizeTest({ ok: true, error: null, details: {}, duration_ms: 41.6 })).toEqual({
      ok: true,
      title: 'Connection works',
      message: 'Test passed in 42 ms.',
      hint: null,
    });
    const refused = summarizeTest({
      ok: false,
      error: { class: 'auth', message: 'password authentication failed' },
      details: {},
      duration_ms: 5,
    });
    expect(refused).toMatchObject({
      ok: false,
      title: 'Credential refused',
      message: 'password authentication failed',
    });
    expect(refused.hint).toMatch(/re-authenticate/);
    expect(
      summarizeTest({
        ok: false,
        error: { class: 'unreachable', message: 'ECONNREFUSED' },
        details: {},
        duration_ms: 1,
      }).title,
    ).toBe('Unreachable');
  });

  it("tells the credential's latest use; none for an unused credential or an orchestration connection", () => {
    const base = { status: 'unknown' as const, consecutive_auth_failures: 0, last_error: null };
    expect(lastUseOf(null)).toBeNull();
    expect(lastUseOf({ ...base, last_auth_success_at: null, last_auth_failure_at: null })).toBeNull();
    expect(
      lastUseOf({
        ...base,
        status: 'failing',
        last_auth_success_at: '2026-01-01T00:00:00Z',
        last_auth_failure_at: '2026-01-02T00:00:00Z',
        last_error: { class: 'auth', message: 'refused' },
      }),
    ).toEqual({ ok: false, at: '2026-01-02T00:00:00Z', errorClass: 'auth' });
    expect(
      lastUseOf({
        ...base,
        last_auth_success_at: '2026-01-03T00:00:00Z',
        last_auth_failure_at: '2026-01-02T00:00:00Z',
      }),
    ).toEqual({ ok: true, at: '2026-01-03T00:00:00Z', errorClass: null });
  });
});
