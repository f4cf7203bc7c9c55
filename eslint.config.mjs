// The lint that keeps the architecture honest (DESIGN.md, "Layout"): imports run one way, only
// env.ts reads process.env, no promise is left floating, and hooks follow React's rules.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** What each part of the tree may import of the workspace; everything else of @atelier is refused. */
const allowedWorkspaceImports = {
  'packages/catalog': [],
  'packages/db': [],
  'packages/media': ['catalog'],
  'packages/api': ['catalog', 'db', 'media'],
  'apps/server/src': ['api', 'db', 'media', 'catalog'],
  'apps/web/src': ['api', 'catalog'],
};
const workspaceNames = ['api', 'catalog', 'config', 'db', 'media', 'server', 'web', 'e2e'];

const importDirection = Object.entries(allowedWorkspaceImports).map(([folder, allowed]) => ({
  files: [`${folder}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          ...workspaceNames
            .filter((name) => !allowed.includes(name))
            .map((name) => ({
              name: `@atelier/${name}`,
              message: `${folder} does not import @atelier/${name}: imports run one way (DESIGN.md).`,
            })),
          // The browser gets the API's types, never its code (the server's secrets and database).
          ...(folder === 'apps/web/src'
            ? [
                {
                  name: '@atelier/api',
                  allowTypeImports: true,
                  message: 'The web app imports @atelier/api as types only.',
                },
              ]
            : []),
        ],
        patterns: [
          {
            group: ['@atelier/*/*', '!@atelier/db/testing', '!@atelier/media/testing', '**/packages/**'],
            message: 'Import a workspace package by its name, not its files.',
          },
          { group: ['**/apps/**', '../../apps/*'], message: 'No package imports an app.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tools/**',
      '.turbo/**',
      '.test-results/**',
      'data/**',
      'apps/web/public/**',
      'packages/db/src/migrations/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `const { dropped, ...kept } = value` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Passing on an error caught as `unknown` (a rethrow) is not throwing a non-error.
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true }],
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // An async method that meets a Promise-returning interface without awaiting is not a mistake.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON bodies and mocks as `any` on purpose: what they assert is the value itself.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'apps/e2e/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  ...importDirection,
  {
    // Only env.ts reads the environment: every setting is parsed and checked once, at start-up.
    files: ['apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts', '**/*.test.ts', 'packages/db/src/testing.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings in apps/server/src/env.ts and pass them in.' },
      ],
    },
  },
  {
    files: ['apps/e2e/tests/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Take `test` from './test': it prints the browser's errors when a test fails.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
