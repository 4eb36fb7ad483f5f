import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

// Layers: apps are thin shells over libs; libs never import apps; contracts depend on nothing;
// only the runner may depend on the libraries that decrypt datasource credentials.
const depConstraints = [
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: [
      'type:domain',
      'type:infrastructure',
      'type:contracts',
      'type:ui',
      'type:client',
    ],
  },
  // The browser app: its own code and the API's typed client, never server-side libraries.
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:client'] },
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'type:client'] },
  // The API's typed client runs in the browser too: it depends on no library of ours.
  { sourceTag: 'type:client', onlyDependOnLibsWithTags: [] },
  {
    sourceTag: 'type:domain',
    onlyDependOnLibsWithTags: ['type:domain', 'type:infrastructure', 'type:contracts'],
  },
  { sourceTag: 'type:infrastructure', onlyDependOnLibsWithTags: ['type:infrastructure', 'type:contracts'] },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
  {
    sourceTag: 'type:testing',
    onlyDependOnLibsWithTags: [
      'type:domain',
      'type:infrastructure',
      'type:contracts',
      'type:testing',
      'type:client',
    ],
  },
  {
    sourceTag: 'type:e2e',
    onlyDependOnLibsWithTags: [
      'type:testing',
      'type:domain',
      'type:infrastructure',
      'type:contracts',
      'type:client',
    ],
  },
  { sourceTag: 'scope:gateway', notDependOnLibsWithTags: ['scope:datasources'] },
  { sourceTag: 'scope:worker', notDependOnLibsWithTags: ['scope:datasources'] },
];

// Tests of any project may also use the testing harness; production code may not.
const testDepConstraints = depConstraints.map((constraint) =>
  constraint.onlyDependOnLibsWithTags
    ? {
        ...constraint,
        onlyDependOnLibsWithTags: [...new Set([...constraint.onlyDependOnLibsWithTags, 'type:testing'])],
      }
    : constraint,
);

function boundaryOptions(constraints) {
  return { enforceBuildableLibDependency: false, allow: [], depConstraints: constraints };
}

// Only the runner (datasource credentials) and the alerting service (notification channel
// credentials, its own key ring: decision record 0044) hold private keys, so only those two apps may
// import the side that opens sealed credentials: every other app (tests included) and every
// library's production code is refused. A
// direct-import rule, not a tag constraint: Nx checks tags through the whole project graph, test
// files included, and a library's tests may open what they sealed. (A relative path into the
// library is refused by the Nx rule itself.)
const OPENING_IMPORT = {
  paths: [
    {
      name: '@dq/secrets-opening',
      message:
        'Only the runner and the alerting service open sealed credentials; seal with @dq/security (decision records 0014, 0044).',
    },
  ],
};

// Each bounded context owns its tables: its entities are exported from `@dq/<context>/entities`
// for its own use (and a foreign key's target in another context's entities folder). Other libs'
// production code reads them through the owner's exported functions or views; apps and tests may
// import them (composition roots, fixtures).
const ENTITY_CONTEXTS = [
  'identity',
  'audit',
  'connections',
  'suites',
  'workspace-settings',
  'runs',
  'orchestration',
  'alerting',
];
const PRODUCTION_IGNORES = [
  'libs/*/src/**/*.spec.ts',
  'libs/*/src/**/*.integration-spec.ts',
  'libs/*/test/**',
];

function entityImportsRefusedTo(owner) {
  return ENTITY_CONTEXTS.filter((context) => context !== owner).map((context) => ({
    name: `@dq/${context}/entities`,
    message: `Read the ${context} context's tables through @dq/${context}'s exported functions or its views (decision record 0026).`,
  }));
}

const ENTITY_IMPORT_RULES = [
  ...ENTITY_CONTEXTS.map((owner) => ({
    files: [`libs/${owner}/src/**/*.ts`],
    ignores: [...PRODUCTION_IGNORES, `libs/${owner}/src/entities/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [...OPENING_IMPORT.paths, ...entityImportsRefusedTo(owner)] },
      ],
    },
  })),
  {
    files: ['libs/**/*.ts'],
    ignores: [
      ...PRODUCTION_IGNORES,
      ...ENTITY_CONTEXTS.map((context) => `libs/${context}/**`),
      'libs/secrets-opening/**',
      'libs/testing/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [...OPENING_IMPORT.paths, ...entityImportsRefusedTo(null)] },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', '.nx/**', '**/*.cjs', '**/*.mjs'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaryOptions(depConstraints)],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      'no-console': 'error',
    },
  },
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: [
      'apps/runner/**',
      'apps/alerting/**',
      'libs/secrets-opening/**',
      'libs/testing/**',
      'libs/*/src/**/*.spec.ts',
      'libs/*/src/**/*.integration-spec.ts',
      'libs/*/test/**',
    ],
    rules: { 'no-restricted-imports': ['error', OPENING_IMPORT] },
  },
  ...ENTITY_IMPORT_RULES,
  // The typed API client's runtime code is loaded by a browser too: no Node built-in modules.
  {
    files: ['libs/api-client/src/**/*.ts'],
    ignores: ['libs/api-client/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...OPENING_IMPORT.paths,
            ...entityImportsRefusedTo(null),
            ...builtinModules.map((name) => ({ name, message: 'The API client runs in a browser too.' })),
          ],
          patterns: [{ group: ['node:*'], message: 'The API client runs in a browser too.' }],
        },
      ],
    },
  },
  // The React app: the two rules of hooks, nothing stylistic.
  {
    files: ['libs/web-app/**/*.{ts,tsx}', 'apps/web-ui/**/*.{ts,tsx,mts}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: [
      '**/*.spec.ts',
      '**/*.integration-spec.ts',
      '**/*.e2e-spec.ts',
      '**/test/**/*.ts',
      'libs/testing/**/*.ts',
    ],
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaryOptions(testDepConstraints)],
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  prettier,
);
