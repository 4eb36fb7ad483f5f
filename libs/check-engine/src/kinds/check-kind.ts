/** The check kinds of the spec's "Check kinds by datasource" table (the column profiler included). */
export const CheckKind = {
  Expectation: 'expectation',
  CustomSql: 'custom_sql',
  Freshness: 'freshness',
  Volume: 'volume',
  Anomaly: 'anomaly',
  SchemaDrift: 'schema_drift',
  Comparison: 'comparison',
  Profile: 'profile',
} as const;
export type CheckKind = (typeof CheckKind)[keyof typeof CheckKind];
export const CHECK_KINDS: readonly CheckKind[] = Object.values(CheckKind);

/**
 * How an expectation is evaluated. `standard` compiles to the datasource's own query dialect;
 * `native` hands one of four metrics to the warehouse's metric functions (spec rule 1).
 */
export const CheckEngine = {
  Standard: 'standard',
  Native: 'native',
} as const;
export type CheckEngine = (typeof CheckEngine)[keyof typeof CheckEngine];
export const CHECK_ENGINES: readonly CheckEngine[] = Object.values(CheckEngine);

/**
 * The rows of the support matrix. A kind is one row, except where the spec gives a variant its own
 * row: an expectation on the native engine, and freshness measured from file arrival (no column).
 */
export const CheckVariant = {
  Expectation: 'expectation',
  NativeExpectation: 'expectation_native',
  CustomSql: 'custom_sql',
  Freshness: 'freshness',
  FreshnessFromFileArrival: 'freshness_file_arrival',
  Volume: 'volume',
  Anomaly: 'anomaly',
  SchemaDrift: 'schema_drift',
  Comparison: 'comparison',
  Profile: 'profile',
} as const;
export type CheckVariant = (typeof CheckVariant)[keyof typeof CheckVariant];

/** The fields of a check that decide where it may run; everything else is irrelevant to the matrix. */
export interface CheckPlacement {
  kind: CheckKind;
  /** Expectations only; absent means `standard`. */
  engine?: CheckEngine | null;
  /** Freshness only: the timestamp column; absent or null means the file's arrival time. */
  column?: string | null;
}

export function checkVariantOf(check: CheckPlacement): CheckVariant {
  switch (check.kind) {
    case CheckKind.Expectation:
      return check.engine === CheckEngine.Native ? CheckVariant.NativeExpectation : CheckVariant.Expectation;
    case CheckKind.Freshness:
      return check.column === undefined || check.column === null || check.column === ''
        ? CheckVariant.FreshnessFromFileArrival
        : CheckVariant.Freshness;
    default:
      return check.kind;
  }
}

/** The spec table's name of each row, for messages. */
const VARIANT_LABELS: Readonly<Record<CheckVariant, string>> = {
  expectation: 'Expectation check',
  expectation_native: 'Native metric-function engine',
  custom_sql: 'Custom SQL',
  freshness: 'Freshness monitor',
  freshness_file_arrival: 'Freshness from file arrival time (no column)',
  volume: 'Volume monitor',
  anomaly: 'Anomaly monitor',
  schema_drift: 'Schema-drift monitor',
  comparison: 'Comparison',
  profile: 'Column profiler',
};

export function describeCheckVariant(variant: CheckVariant): string {
  return VARIANT_LABELS[variant];
}
