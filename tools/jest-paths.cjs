// Maps the tsconfig path aliases (@dq/*) for Jest, so tests import libs through their barrels.
const fs = require('node:fs');
const path = require('node:path');

function pathsToModuleNameMapper(workspaceRoot) {
  const base = JSON.parse(fs.readFileSync(path.join(workspaceRoot, 'tsconfig.base.json'), 'utf8'));
  const mapper = {};
  for (const [alias, targets] of Object.entries(base.compilerOptions.paths ?? {})) {
    mapper[`^${alias.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`] = path.join(workspaceRoot, targets[0]);
  }
  return mapper;
}

module.exports = { pathsToModuleNameMapper };
