// Public surface of the opening side of secrets at rest: only the runner and the alerting app may
// import it (ESLint no-restricted-imports, decision records 0014 and 0044). Sealing is `@dq/security`.
export * from './private-key-ring';
export * from './secret-opener';
export * from './legacy/legacy-key-ring';
export * from './legacy/legacy-secret-cipher';
export * from './reseal/reseal-credentials';
