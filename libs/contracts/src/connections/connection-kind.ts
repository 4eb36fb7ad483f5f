/** What a connection points at: six datasource kinds and three orchestration kinds. */
export const ConnectionKind = {
  Warehouse: 'warehouse',
  Lakehouse: 'lakehouse',
  FileStore: 'file_store',
  ObjectStore: 'object_store',
  IcebergCatalog: 'iceberg_catalog',
  Postgres: 'postgres',
  Factory: 'factory',
  Scheduler: 'scheduler',
  Builder: 'builder',
} as const;
export type ConnectionKind = (typeof ConnectionKind)[keyof typeof ConnectionKind];
export const CONNECTION_KINDS: readonly ConnectionKind[] = Object.values(ConnectionKind);

/** Kinds a check reads data from; they carry credential health. Orchestration kinds carry null. */
export const DATASOURCE_KINDS: readonly ConnectionKind[] = [
  'warehouse',
  'lakehouse',
  'file_store',
  'object_store',
  'iceberg_catalog',
  'postgres',
];

export function isDatasourceKind(kind: ConnectionKind): boolean {
  return DATASOURCE_KINDS.includes(kind);
}

/** Config fields holding a user-supplied URL: each goes through the egress guard. */
export const CONNECTION_URL_FIELDS = [
  'endpoint_url',
  'account_url',
  'workspace_url',
  'catalog_uri',
  'base_url',
  'artifacts_uri',
] as const;

/**
 * Config fields that decide WHERE the credential is sent (spec: Connection resource), plus
 * PostgreSQL's host, port and sslmode (a weaker mode sends the password in the clear, or to an
 * unverified server). Changing any of them requires re-supplying the credential.
 */
export const CREDENTIAL_TARGET_FIELDS: Readonly<Record<ConnectionKind, readonly string[]>> = {
  warehouse: ['account'],
  lakehouse: ['workspace_url'],
  file_store: ['account_url'],
  object_store: ['endpoint_url'],
  iceberg_catalog: ['catalog_uri', 'warehouse', 'properties', 'secret_property'],
  postgres: ['host', 'port', 'sslmode'],
  factory: [],
  scheduler: ['base_url'],
  builder: ['endpoint_url', 'artifacts_uri'],
};

export const CredentialHealthStatus = {
  Healthy: 'healthy',
  Failing: 'failing',
  Unknown: 'unknown',
} as const;
export type CredentialHealthStatus = (typeof CredentialHealthStatus)[keyof typeof CredentialHealthStatus];
