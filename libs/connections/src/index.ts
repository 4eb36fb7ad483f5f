// Public surface of the connections library: other projects import only from here.
export * from './connections.module';
export * from './ports/connection-ports';
export { ConnectionsService, connectionSecretAad } from './service/connections.service';
export {
  ConnectionUseService,
  type CredentialUseOutcome,
  type StoredConnection,
  connectionForUseSql,
  storedConnectionOf,
} from './service/connection-use.service';
export {
  CONNECTION_TEST_TIMEOUT_MS,
  type ConnectionProbe,
  ConnectionTestRunner,
  type ProbeOutcome,
  type ProbeTarget,
} from './use/connection-test-runner';
export { DRAFT_AAD_PREFIX, draftSecretAad } from './use/draft-secret-aad';
export {
  type PrivilegedConnection,
  assertCustomSqlAllowed,
  customSqlRefusalOf,
  dangerousPrivilegesOf,
  privilegeWarningOf,
} from './use/custom-sql-privileges';
export { ConnectionDirectory, type ConnectionSummary } from './service/connection-directory.service';
export { ConnectionTestsClient } from './service/connection-tests.client';
export { SEALED_CREDENTIAL_STATEMENTS } from './service/sealed-credential-statements';
export { type OrphanSecret, type OrphanSecretScan, findOrphanSecrets } from './service/orphan-secrets';
