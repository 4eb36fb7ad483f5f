// Public surface of the opening side of secrets at rest: only the runner may import it (ESLint
// module boundaries, tag scope:secrets-opening). Sealing is `@dq/security`.
export * from './private-key-ring';
export * from './secret-opener';
export * from './legacy/legacy-key-ring';
export * from './legacy/legacy-secret-cipher';
export * from './reseal/reseal-credentials';
