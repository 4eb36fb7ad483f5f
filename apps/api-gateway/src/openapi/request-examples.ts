/** Example bodies of the main creates, shown in the OpenAPI document (its spec validates each). */
type Examples = Record<string, { summary: string; value: Record<string, unknown> }>;

const SUITE_CONNECTION_ID = '7d4c1f3e-5a2b-4c8d-9e0f-1a2b3c4d5e6f';

/** `POST /connections`, one per datasource kind: non-secret `config`, the secret in `credential`. */
export const CONNECTION_EXAMPLES: Examples = {
  postgres: {
    summary: 'PostgreSQL',
    value: {
      name: 'orders-db',
      kind: 'postgres',
      config: {
        host: 'db.internal.example',
        port: 5432,
        database: 'shop',
        user: 'dq_reader',
        sslmode: 'require',
      },
      credential: { password: 'a-reader-password' },
    },
  },
  warehouse: {
    summary: 'Cloud warehouse, key-pair authentication',
    value: {
      name: 'analytics-warehouse',
      kind: 'warehouse',
      config: { account: 'acme-eu1', user: 'DQ_READER', warehouse: 'COMPUTE_WH', database: 'ANALYTICS' },
      credential: { private_key: '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----' },
    },
  },
  lakehouse: {
    summary: 'Lakehouse SQL warehouse',
    value: {
      name: 'lakehouse',
      kind: 'lakehouse',
      config: { workspace_url: 'https://adb-123.azuredatabricks.net', http_path: '/sql/1.0/warehouses/abc' },
      credential: { token: 'a-personal-access-token' },
    },
  },
  file_store: {
    summary: 'File store (ADLS Gen2), account key',
    value: {
      name: 'landing-files',
      kind: 'file_store',
      config: { account_url: 'https://acmelanding.dfs.core.windows.net', filesystem: 'landing' },
      credential: { account_key: 'an-account-key' },
    },
  },
  object_store: {
    summary: 'Object store (S3 compatible)',
    value: {
      name: 'exports-bucket',
      kind: 'object_store',
      config: { bucket: 'acme-exports', region: 'eu-west-1' },
      credential: { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'a-secret-access-key' },
    },
  },
  iceberg_catalog: {
    summary: 'Iceberg REST catalog, bearer token',
    value: {
      name: 'iceberg',
      kind: 'iceberg_catalog',
      config: {
        catalog_uri: 'https://catalog.internal.example/api',
        warehouse: 'lake',
        secret_property: 'token',
      },
      credential: { value: 'a-catalog-token' },
    },
  },
};

/** `POST /suites`. */
export const SUITE_EXAMPLES: Examples = {
  table: {
    summary: 'A table of a SQL connection',
    value: {
      name: 'orders',
      description: 'Daily checks of the orders table',
      connection_id: SUITE_CONNECTION_ID,
      target: 'public.orders',
      time_zone: 'Europe/Berlin',
    },
  },
  files: {
    summary: 'CSV files of a file store, in Latin-1',
    value: {
      name: 'landing cities',
      connection_id: SUITE_CONNECTION_ID,
      target: 'landing/cities/*.csv',
      file_encoding: 'latin-1',
    },
  },
};

/** `POST /suites/{id}/checks` (and its dry run), one per check kind. */
export const CHECK_EXAMPLES: Examples = {
  expectation: {
    summary: 'Expectation: no null ids',
    value: {
      name: 'ids present',
      kind: 'expectation',
      thresholds: { warn: 1, fail: 5 },
      config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
    },
  },
  volume: {
    summary: 'Volume: row count in a range',
    value: { name: 'rows', kind: 'volume', config: { min_rows: 5, max_rows: 12 } },
  },
  freshness: {
    summary: 'Freshness: new data within a day',
    value: { name: 'arrived', kind: 'freshness', config: { fail_after_hours: 24 } },
  },
  anomaly: {
    summary: 'Anomaly: the row count against its history',
    value: { name: 'row count', kind: 'anomaly', config: { metric: 'row_count' } },
  },
  custom_sql: {
    summary: 'Custom SQL: rows returned are failures',
    value: {
      name: 'negative amounts',
      kind: 'custom_sql',
      config: { sql: 'SELECT * FROM public.orders WHERE amount < 0' },
    },
  },
  schema_drift: { summary: 'Schema drift', value: { name: 'schema', kind: 'schema_drift', config: {} } },
  comparison: {
    summary: 'Comparison with a baseline table',
    value: {
      name: 'matches the baseline',
      kind: 'comparison',
      config: {
        baseline_connection_id: SUITE_CONNECTION_ID,
        key_columns: ['order_id'],
        baseline: { query: 'SELECT order_id, amount FROM public.orders_baseline' },
      },
    },
  },
};
