// Runs TypeScript sources directly in development and tests: SWC keeps decorator metadata
// (Nest's dependency injection needs it) and resolves the tsconfig path aliases.
process.env.SWC_NODE_PROJECT ??= require('node:path').join(__dirname, '..', 'tsconfig.runtime.json');
require('@swc-node/register');
