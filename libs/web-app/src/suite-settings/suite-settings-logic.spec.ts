import type { ColumnPolicy, PolicySuggestion, SuiteDocument } from './suite-settings-api';
import {
  applySuggestions,
  exportFileName,
  parseSuiteDocument,
  percentText,
  renamed,
  samePolicy,
  unresolvedConnectionsOf,
  withColumn,
} from './suite-settings-logic';

const POLICY: ColumnPolicy = { columns: { email: 'redact', city: 'allow' }, default: 'mask' };

function suggestion(column: string, treatment: PolicySuggestion['treatment']): PolicySuggestion {
  return { column, category: 'email', confidence: 0.9, reasons: ['name'], treatment };
}

const DOCUMENT: SuiteDocument = {
  format: 'dq-suite',
  format_version: 1,
  exported_at: '2026-01-01T00:00:00.000Z',
  suite: {
    name: 'orders',
    description: null,
    target: 'public.orders',
    time_zone: 'UTC',
    column_policy: {},
    connection: { name: 'orders-db', kind: 'postgres' },
  },
  checks: [],
};

describe('column policy drafts', () => {
  it('compares policies without regard to column order', () => {
    expect(samePolicy(POLICY, { default: 'mask', columns: { city: 'allow', email: 'redact' } })).toBe(true);
    expect(samePolicy(POLICY, { ...POLICY, default: 'redact' })).toBe(false);
    expect(samePolicy(POLICY, withColumn(POLICY, 'phone', 'mask'))).toBe(false);
    expect(samePolicy(POLICY, withColumn(POLICY, 'city', null))).toBe(false);
  });

  it('sets and drops one column without touching the original', () => {
    expect(withColumn(POLICY, 'city', 'redact').columns).toEqual({ email: 'redact', city: 'redact' });
    expect(withColumn(POLICY, 'email', null).columns).toEqual({ city: 'allow' });
    expect(POLICY.columns).toEqual({ email: 'redact', city: 'allow' });
  });

  it('applies only the chosen suggestions, over what the draft said', () => {
    const suggestions = [
      suggestion('city', 'mask'),
      suggestion('phone', 'redact'),
      suggestion('ssn', 'redact'),
    ];
    expect(applySuggestions(POLICY, suggestions, new Set(['city', 'phone']))).toEqual({
      default: 'mask',
      columns: { email: 'redact', city: 'mask', phone: 'redact' },
    });
    expect(applySuggestions(POLICY, suggestions, new Set())).toEqual(POLICY);
  });
});

describe('export and import', () => {
  it('names the exported file after the suite', () => {
    expect(exportFileName('Orders (prod) — daily')).toBe('orders-prod-daily.dq-suite.json');
    expect(exportFileName('***')).toBe('suite.dq-suite.json');
  });

  it('reads a bare or wrapped document, and says what is wrong otherwise', () => {
    expect(parseSuiteDocument(JSON.stringify(DOCUMENT))).toEqual({ ok: true, document: DOCUMENT });
    expect(parseSuiteDocument(JSON.stringify({ document: DOCUMENT }))).toEqual({
      ok: true,
      document: DOCUMENT,
    });
    expect(parseSuiteDocument('  ')).toMatchObject({ ok: false, problem: expect.stringMatching(/paste/i) });
    expect(parseSuiteDocument('{not json')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/JSON/),
    });
    expect(parseSuiteDocument('{"format":"other"}')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/dq-suite/),
    });
    expect(parseSuiteDocument('null')).toMatchObject({ ok: false });
  });

  it('renames the suite in a copy of the document', () => {
    expect(renamed(DOCUMENT, 'orders copy').suite.name).toBe('orders copy');
    expect(DOCUMENT.suite.name).toBe('orders');
  });

  it("lists the connections the API's 422 could not resolve", () => {
    expect(
      unresolvedConnectionsOf({
        unresolved_connections: [{ name: 'nope', kind: 'postgres', field: 'document.suite.connection' }, 3],
      }),
    ).toEqual([{ name: 'nope', kind: 'postgres' }]);
    expect(unresolvedConnectionsOf({})).toEqual([]);
  });

  it('shows a null share with at most one decimal', () => {
    expect(percentText(12.345)).toBe('12.3%');
    expect(percentText(0)).toBe('0%');
  });
});
