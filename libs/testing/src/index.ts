// Public surface of the testing library: other projects import only from here.

// Isolation: one database, Redis prefix and NATS namespace per test environment.
export { createIsolatedEnvironment, type IsolatedEnvironment } from './isolation/isolated-environment';
export { ensureTemplateDatabase, templateDatabaseName } from './isolation/template-database';
export { newEnvironmentId, createdAtOf, TEST_NAME_PREFIX } from './isolation/environment-id';
export { dropStaleTestDatabases, STALE_TEST_DATABASE_AGE_MS } from './isolation/stale-databases';
export { assertLocalServicesAnswer } from './isolation/service-check';
export { LOCAL_SERVICES } from './isolation/local-services';
export { streamPrefixOf } from './isolation/namespace-cleanup';
// End of isolation exports.

// Booting apps as real processes, waiting, private service instances, stream inspection.
export * from './apps/app-process';
export * from './wait/wait-for';
export * from './services/free-port';
export * from './services/private-services';
export * from './messaging/stream-messages';

// Real protocol peers on loopback: an SMTP server that captures mail, an OpenID provider with JWKS.
export * from './peers/smtp-capture';
export * from './peers/loopback-identity-provider';
// Alert receivers: signed webhook, Slack- and Teams-shaped HTTPS sinks with a test-time certificate.
export * from './peers/alert-receivers';
export * from './peers/chat-payload-checks';
export * from './peers/self-signed-cert';

// Datasource peers on loopback: Python peers from the peers' virtual environment (tools/peers).
export * from './peers/python-peers';
export * from './peers/s3-peer';
export * from './peers/s3rver-peer';
export * from './peers/databricks-sql-peer';
export * from './peers/fakesnow-peer';
export * from './peers/azurite-peer';
export * from './peers/iceberg-catalog-peer';

// A gateway world for end-to-end tests of the REST and MCP gateways: isolated environment, SMTP and
// identity-provider peers, gateway and runner processes, tokens; run fixtures.
export * from './gateway/gateway-world';
export * from './gateway/run-fixtures';
export * from './gateway/mcp-test-client';

// What a Nest module graph would build, read from its metadata.
export * from './nest/module-providers';

// Actors for service-level specs.
export * from './actors/test-actor';
