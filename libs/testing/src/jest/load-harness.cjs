// Loads the TypeScript harness from Jest's global setup/teardown, which run outside the test
// sandbox: tools/register.cjs compiles TypeScript, but Jest's own transform hook is active there
// too and leaves the @dq/* aliases unrewritten, so they are resolved here from tsconfig.base.json.
const Module = require('node:module');
const path = require('node:path');

require('../../../../tools/register.cjs');

const workspaceRoot = path.resolve(__dirname, '../../../..');
const aliases = require(path.join(workspaceRoot, 'tools/jest-paths.cjs')).pathsToModuleNameMapper(
  workspaceRoot,
);
const aliasEntries = Object.entries(aliases).map(([pattern, target]) => [new RegExp(pattern), target]);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWithAliases(request, ...rest) {
  for (const [pattern, target] of aliasEntries) {
    if (pattern.test(request)) return resolveFilename.call(this, target, ...rest);
  }
  return resolveFilename.call(this, request, ...rest);
};

module.exports = require('../isolation/global-hooks.ts');
