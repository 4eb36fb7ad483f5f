// One Jest shape for every project: three cost tiers, each its own Nx target.
//   unit         *.spec.ts beside the code; no services
//   integration  *.integration-spec.ts against the real PostgreSQL, Redis and NATS
//   e2e          apps/<app>/test/*.e2e-spec.ts over HTTP against booted apps
const path = require('node:path');
const { pathsToModuleNameMapper } = require('./tools/jest-paths.cjs');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

// Nest 12 and a few of its dependencies ship as ES modules only, and Jest on Node 20 cannot
// require() them: they are compiled to CommonJS like our own sources.
const esmToCjs = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const ESM_ONLY_PACKAGES = [
  '@nestjs',
  'file-type',
  'strtok3',
  'token-types',
  'peek-readable',
  '@tokenizer',
  'uint8array-extras',
  'load-esm',
  '@borewit',
  'http-proxy-middleware',
  'jose',
  'openid-client',
  'oauth4webapi',
  // thrift (under @databricks/sql) requires uuid 13, ESM only; the path form reaches the nested copy.
  'thrift/node_modules/uuid',
  'uuid',
  // Its CommonJS entry loads the WASM glue (an ES module) by dynamic import(), which Jest's VM refuses.
  '@guanmingchiu/sqlparser-ts',
];

function tier(projectRoot, displayName, testMatch, extra = {}) {
  return {
    displayName,
    rootDir: path.resolve(__dirname, projectRoot),
    testEnvironment: 'node',
    testMatch,
    transform: { '^.+\\.ts$': swc, '^.+\\.[mc]?js$': esmToCjs },
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
    moduleFileExtensions: ['ts', 'js', 'json'],
    moduleNameMapper: pathsToModuleNameMapper(__dirname),
    setupFiles: [path.resolve(__dirname, 'tools/jest-setup.cjs')],
    // `testTimeout` is global-only in Jest; per tier it is set from a setup file instead.
    setupFilesAfterEnv: [path.resolve(__dirname, `tools/jest-timeout-${displayName}.cjs`)],
    ...extra,
  };
}

function makeJestConfig(projectRoot) {
  return {
    passWithNoTests: true,
    projects: [
      tier(projectRoot, 'unit', ['<rootDir>/src/**/*.spec.ts']),
      tier(projectRoot, 'integration', ['<rootDir>/src/**/*.integration-spec.ts'], {
        globalSetup: path.resolve(__dirname, 'libs/testing/src/jest/global-setup.cjs'),
        globalTeardown: path.resolve(__dirname, 'libs/testing/src/jest/global-teardown.cjs'),
      }),
      tier(projectRoot, 'e2e', ['<rootDir>/test/**/*.e2e-spec.ts'], {
        globalSetup: path.resolve(__dirname, 'libs/testing/src/jest/global-setup.cjs'),
        globalTeardown: path.resolve(__dirname, 'libs/testing/src/jest/global-teardown.cjs'),
      }),
    ],
  };
}

module.exports = { makeJestConfig };
