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

function tier(projectRoot, displayName, testMatch, extra = {}) {
  return {
    displayName,
    rootDir: path.resolve(__dirname, projectRoot),
    testEnvironment: 'node',
    testMatch,
    // Nest 12 ships ES modules only: Jest (CommonJS) needs them transformed like our sources.
    transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swc },
    transformIgnorePatterns: ['/node_modules/(?!@nestjs/)'],
    moduleFileExtensions: ['ts', 'js', 'json'],
    moduleNameMapper: pathsToModuleNameMapper(__dirname),
    setupFiles: [path.resolve(__dirname, 'tools/jest-setup.cjs')],
    ...extra,
  };
}

function makeJestConfig(projectRoot) {
  return {
    passWithNoTests: true,
    projects: [
      tier(projectRoot, 'unit', ['<rootDir>/src/**/*.spec.ts']),
      tier(projectRoot, 'integration', ['<rootDir>/src/**/*.integration-spec.ts'], {
        testTimeout: 60_000,
        globalSetup: path.resolve(__dirname, 'libs/testing/src/jest/global-setup.cjs'),
        globalTeardown: path.resolve(__dirname, 'libs/testing/src/jest/global-teardown.cjs'),
      }),
      tier(projectRoot, 'e2e', ['<rootDir>/test/**/*.e2e-spec.ts'], {
        testTimeout: 120_000,
        globalSetup: path.resolve(__dirname, 'libs/testing/src/jest/global-setup.cjs'),
        globalTeardown: path.resolve(__dirname, 'libs/testing/src/jest/global-teardown.cjs'),
      }),
    ],
  };
}

module.exports = { makeJestConfig };
