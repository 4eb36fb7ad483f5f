import { AppError, CONNECTION_KINDS, type ConnectionKind } from '@dq/contracts';
import { type CheckPlacement, CheckVariant, checkVariantOf } from './check-kind';
import { assertCheckSupported, isCheckSupported, supportedDatasourceKinds } from './support-matrix';

const W = 'warehouse';
const L = 'lakehouse';
const F = 'file_store';
const O = 'object_store';
const T = 'iceberg_catalog';
const PG = 'postgres';

// The spec's table, row by row, plus PostgreSQL (treated like L) in the last column.
const MATRIX: [string, CheckPlacement, Record<ConnectionKind, boolean>][] = [
  ['expectation', { kind: 'expectation' }, yes([W, L, F, O, T, PG])],
  ['native engine', { kind: 'expectation', engine: 'native' }, yes([W])],
  ['standard engine', { kind: 'expectation', engine: 'standard' }, yes([W, L, F, O, T, PG])],
  ['custom SQL', { kind: 'custom_sql' }, yes([W, L, PG])],
  ['freshness on a column', { kind: 'freshness', column: 'updated_at' }, yes([W, L, F, O, T, PG])],
  ['freshness from file arrival', { kind: 'freshness' }, yes([F, O])],
  ['freshness with a null column', { kind: 'freshness', column: null }, yes([F, O])],
  ['volume', { kind: 'volume' }, yes([W, L, F, O, T, PG])],
  ['anomaly', { kind: 'anomaly' }, yes([W, L, PG])],
  ['schema drift', { kind: 'schema_drift' }, yes([W, L, F, O, T, PG])],
  ['comparison', { kind: 'comparison' }, yes([W, L, F, O, T, PG])],
  ['profile', { kind: 'profile' }, yes([W, L, F, O, T, PG])],
];

function yes(kinds: ConnectionKind[]): Record<ConnectionKind, boolean> {
  return Object.fromEntries(CONNECTION_KINDS.map((kind) => [kind, kinds.includes(kind)])) as Record<
    ConnectionKind,
    boolean
  >;
}

describe('check support matrix', () => {
  describe.each(MATRIX)('%s', (_name, check, expected) => {
    it.each(CONNECTION_KINDS.map((kind) => [kind, expected[kind]] as const))(
      'on %s: supported = %s',
      (kind, supported) => {
        expect(isCheckSupported(check, kind)).toBe(supported);
        if (supported) expect(() => assertCheckSupported(check, kind)).not.toThrow();
        else expect(() => assertCheckSupported(check, kind)).toThrow(AppError);
      },
    );
  });

  it('lists the supported kinds in the spec column order', () => {
    expect(supportedDatasourceKinds({ kind: 'custom_sql' })).toEqual([W, L, PG]);
    expect(supportedDatasourceKinds({ kind: 'freshness' })).toEqual([F, O]);
  });

  it('refuses with a 422 validation_failed naming the kinds that support the check', () => {
    const error = catchError(() => assertCheckSupported({ kind: 'anomaly' }, 'object_store'));
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(
      'Anomaly monitor is not supported on object_store connections; supported datasource kinds: warehouse, lakehouse, postgres',
    );
    expect(error.detail).toEqual({
      field: 'kind',
      kind: 'anomaly',
      datasource_kind: 'object_store',
      supported_datasource_kinds: [W, L, PG],
      fields: [
        { field: 'kind', problems: ['Anomaly monitor is supported on: warehouse, lakehouse, postgres'] },
      ],
    });
  });

  it('points at the field that chose the variant', () => {
    const native = catchError(() =>
      assertCheckSupported({ kind: 'expectation', engine: 'native' }, 'postgres'),
    );
    expect(native.detail['field']).toBe('engine');
    expect(native.detail['supported_datasource_kinds']).toEqual([W]);
    const arrival = catchError(() => assertCheckSupported({ kind: 'freshness' }, 'iceberg_catalog'));
    expect(arrival.detail['field']).toBe('column');
    expect(arrival.message).toMatch(
      /^Freshness from file arrival time \(no column\) is not supported on iceberg_catalog/,
    );
    expect(arrival.detail['supported_datasource_kinds']).toEqual([F, O]);
  });

  it('supports no check on an orchestration connection', () => {
    for (const [, check] of MATRIX) {
      for (const kind of ['factory', 'scheduler', 'builder'] as const) {
        expect(isCheckSupported(check, kind)).toBe(false);
      }
    }
  });

  it('derives the matrix row from kind, engine and column', () => {
    expect(checkVariantOf({ kind: 'expectation', engine: null })).toBe(CheckVariant.Expectation);
    expect(checkVariantOf({ kind: 'freshness', column: '' })).toBe(CheckVariant.FreshnessFromFileArrival);
    expect(checkVariantOf({ kind: 'schema_drift' })).toBe(CheckVariant.SchemaDrift);
  });
});

function catchError(fn: () => void): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}
