// How the API's answers about a connection read on screen: a 422's field problems put next to
// the fields typed, a credential redirect, a classified test result, the credential's last use.
import { ApiError } from '../api/api-error';
import type { components } from '@dq/api-client';

type Schemas = components['schemas'];
export type ConnectionTestResult = Schemas['ConnectionTestResult'];
export type CredentialHealth = Schemas['CredentialHealth'];
export type DatasourceErrorClass = NonNullable<ConnectionTestResult['error']>['class'];

export interface FormErrors {
  /** Problems by the form key of the field they belong to (`name`, `config.port`, `credential.password`). */
  byField: Record<string, string>;
  /** Problems no field on the form shows (a whole `credential`, a field the form lacks). */
  other: string[];
}

function violationsOf(error: ApiError): { field: string; problems: string[] }[] {
  const fields = error.detail['fields'];
  if (!Array.isArray(fields)) return [];
  return (fields as unknown[]).flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { field, problems } = entry as { field?: unknown; problems?: unknown };
    if (typeof field !== 'string' || !Array.isArray(problems)) return [];
    return [{ field, problems: problems.filter((p): p is string => typeof p === 'string') }];
  });
}

/**
 * A 422 `validation_failed` answer's `detail.fields` put on the form's fields. A nested path
 * (`config.jobs.0`, `config.properties.uri`) lands on the field it is under; anything no field
 * shows is kept in `other`, so no problem the API named goes unshown.
 */
export function formErrorsOf(error: unknown, formKeys: readonly string[]): FormErrors {
  const result: FormErrors = { byField: {}, other: [] };
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return result;
  for (const { field, problems } of violationsOf(error)) {
    const key = formKeys.find((candidate) => field === candidate || field.startsWith(`${candidate}.`));
    const text = problems.join('; ');
    if (key === undefined) result.other.push(`${field}: ${text}`);
    else result.byField[key] = result.byField[key] ? `${result.byField[key]}; ${text}` : text;
  }
  return result;
}

export interface CredentialRedirect {
  /** What the API asks to be sent again (`detail.required`, e.g. `credential`). */
  required: string[];
  /** The changed config fields that moved the target (`detail.fields`). */
  fields: string[];
}

/** A 422 `credential_redirect`: what must be re-supplied; null for any other answer. */
export function credentialRedirectOf(error: unknown): CredentialRedirect | null {
  if (!(error instanceof ApiError) || error.code !== 'credential_redirect') return null;
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const required = strings(error.detail['required']);
  return {
    required: required.length > 0 ? required : ['credential'],
    fields: strings(error.detail['fields']),
  };
}

/** A re-auth refused because the new credential failed its test: that test's result. */
export function failedTestOf(error: unknown): ConnectionTestResult | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const test = error.detail['test'];
  if (typeof test !== 'object' || test === null || !('ok' in test)) return null;
  return test as ConnectionTestResult;
}

const CLASS_LABELS: Record<DatasourceErrorClass, string> = {
  auth: 'Credential refused',
  permission: 'Missing permission',
  not_found: 'Not found',
  unreachable: 'Unreachable',
  timeout: 'Timed out',
  invalid: 'Invalid settings',
  cancelled: 'Cancelled',
};

/** What to do next, by class: a person reading a failed test needs the next step. */
const CLASS_HINTS: Record<DatasourceErrorClass, string> = {
  auth: 'Check the credential, or re-authenticate the connection with a new one.',
  permission: 'The credential works but lacks a grant; ask the datasource owner for it.',
  not_found: 'Check the database, bucket, catalog or path named in the settings.',
  unreachable: 'Check the host, port or address and that the service may reach it.',
  timeout: 'The datasource did not answer in time; try again or check its load.',
  invalid: 'Check the settings for a value the datasource does not accept.',
  cancelled: 'The test was cancelled; run it again.',
};

export interface TestSummary {
  ok: boolean;
  title: string;
  message: string;
  hint: string | null;
}

/** A test result in words: success with its time, or the class, the datasource's message and a hint. */
export function summarizeTest(result: ConnectionTestResult): TestSummary {
  const took = `${Math.round(result.duration_ms)} ms`;
  if (result.ok)
    return { ok: true, title: 'Connection works', message: `Test passed in ${took}.`, hint: null };
  const error = result.error;
  if (!error) return { ok: false, title: 'Test failed', message: `Test failed after ${took}.`, hint: null };
  return {
    ok: false,
    title: CLASS_LABELS[error.class] ?? 'Test failed',
    message: error.message,
    hint: CLASS_HINTS[error.class] ?? null,
  };
}

export interface LastUse {
  ok: boolean;
  at: string;
  /** The classified error of a failed use, when the API kept one. */
  errorClass: string | null;
}

/**
 * The credential's latest use (a run, a profile or a test): the later of the last success and
 * the last failure. Null for a credential never used, or for an orchestration connection.
 */
export function lastUseOf(health: CredentialHealth | null): LastUse | null {
  if (!health) return null;
  const success = health.last_auth_success_at;
  const failure = health.last_auth_failure_at;
  if (!success && !failure) return null;
  if (failure && (!success || Date.parse(failure) > Date.parse(success))) {
    const cls = health.last_error?.['class'];
    return { ok: false, at: failure, errorClass: typeof cls === 'string' ? cls : null };
  }
  return { ok: true, at: success as string, errorClass: null };
}
