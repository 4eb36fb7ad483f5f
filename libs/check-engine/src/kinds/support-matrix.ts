import { AppError, type ConnectionKind, ErrorCode } from '@dq/contracts';
import { type CheckPlacement, type CheckVariant, checkVariantOf, describeCheckVariant } from './check-kind';

type DatasourceKind = Extract<
  ConnectionKind,
  'warehouse' | 'lakehouse' | 'file_store' | 'object_store' | 'iceberg_catalog' | 'postgres'
>;

const SQL_KINDS = ['warehouse', 'lakehouse', 'postgres'] as const satisfies readonly DatasourceKind[];
const FILE_KINDS = ['file_store', 'object_store'] as const satisfies readonly DatasourceKind[];
const ALL_DATASOURCE_KINDS = [
  'warehouse',
  'lakehouse',
  'file_store',
  'object_store',
  'iceberg_catalog',
  'postgres',
] as const satisfies readonly DatasourceKind[];

/**
 * The spec's Y/- table (W warehouse, L lakehouse, F file_store, O object_store, T iceberg_catalog).
 * PostgreSQL is not in the spec's table: it is a SQL datasource, so it gets what L gets; the native
 * engine stays W only because it is the warehouse's own metric functions. Orchestration kinds
 * (factory, scheduler, builder) hold no data and appear in no row.
 */
export const CHECK_SUPPORT_MATRIX: Readonly<Record<CheckVariant, readonly DatasourceKind[]>> = {
  expectation: ALL_DATASOURCE_KINDS,
  expectation_native: ['warehouse'],
  custom_sql: SQL_KINDS,
  freshness: ALL_DATASOURCE_KINDS,
  freshness_file_arrival: FILE_KINDS,
  volume: ALL_DATASOURCE_KINDS,
  anomaly: SQL_KINDS,
  schema_drift: ALL_DATASOURCE_KINDS,
  comparison: ALL_DATASOURCE_KINDS,
  profile: ALL_DATASOURCE_KINDS,
};

/** The request field that selected a variant, so the 422 points at what the user should change. */
const VARIANT_FIELD: Partial<Record<CheckVariant, string>> = {
  expectation_native: 'engine',
  freshness_file_arrival: 'column',
};

/** The datasource kinds a check may run on, in the spec's column order. */
export function supportedDatasourceKinds(check: CheckPlacement): readonly ConnectionKind[] {
  return CHECK_SUPPORT_MATRIX[checkVariantOf(check)];
}

export function isCheckSupported(check: CheckPlacement, datasourceKind: ConnectionKind): boolean {
  return supportedDatasourceKinds(check).includes(datasourceKind);
}

/**
 * Refuses a check on a datasource kind the matrix marks `-`: 422 `validation_failed` naming the
 * kinds that do support it, so the caller can pick another connection or another check kind.
 */
export function assertCheckSupported(check: CheckPlacement, datasourceKind: ConnectionKind): void {
  if (isCheckSupported(check, datasourceKind)) return;
  const variant = checkVariantOf(check);
  const supported = CHECK_SUPPORT_MATRIX[variant];
  const what = describeCheckVariant(variant);
  const field = VARIANT_FIELD[variant] ?? 'kind';
  throw new AppError(
    ErrorCode.ValidationFailed,
    `${what} is not supported on ${datasourceKind} connections; supported datasource kinds: ${supported.join(', ')}`,
    {
      field,
      kind: check.kind,
      datasource_kind: datasourceKind,
      supported_datasource_kinds: [...supported],
      fields: [{ field, problems: [`${what} is supported on: ${supported.join(', ')}`] }],
    },
  );
}
