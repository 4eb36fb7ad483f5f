// Runs TypeScript sources directly in development and tests: SWC keeps decorator metadata
// (Nest's dependency injection needs it) and resolves the tsconfig path aliases.
process.env.SWC_NODE_PROJECT ??= require('node:path').join(__dirname, '..', 'tsconfig.runtime.json');
// Decorators read and write metadata as modules load, before any entry file could import it.
require('reflect-metadata');
require('@swc-node/register');
