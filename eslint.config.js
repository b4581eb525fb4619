import js from '@eslint/js';
import jest from 'eslint-plugin-jest';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // bench/ has its own dependencies (npm run bench:install) and is checked by npm run bench:check (bench/eslint.config.js).
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.cache/', 'bench/', 'assets/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // Numbers and booleans print unambiguously (sizes, limits, counts, `invoked: true` in messages);
      // the rule stays on for objects, nullish values and unions that would print `undefined` or `[object Object]`.
      // (Every option is spelled out: an options object replaces strictTypeChecked's, and the defaults allow more.)
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allowBoolean: true,
          allowAny: false,
          allowNullish: false,
          allowRegExp: false,
          allowNever: false,
          allowArray: false,
        },
      ],
      // The MCP SDK marks its low-level `Server` deprecated for the high-level API only; serveTools
      // needs it (raw tools/list and tools/call handlers, elicitation) and returns it publicly.
      '@typescript-eslint/no-deprecated': [
        'error',
        { allow: [{ from: 'package', package: '@modelcontextprotocol/sdk', name: 'Server' }] },
      ],
      // An empty class is a null object (NoopExecutorObserver, checked with instanceof) or, in tests,
      // a distinct constructor to decorate; static-only and constructor-only classes are still reported.
      '@typescript-eslint/no-extraneous-class': ['error', { allowEmpty: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(only|skip)$/][callee.object.name=/^(it|test|describe)$/]',
          message: 'No focused or skipped tests.',
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    ...jest.configs['flat/recommended'],
    rules: {
      ...jest.configs['flat/recommended'].rules,
      // describe(SomeClass.name, ...) keeps the title in step with a rename.
      'jest/valid-title': ['error', { ignoreTypeOfDescribeName: true }],
      // Assertion helpers that call expect() themselves: failure(outcome, code, reason, invoked) and the expect* family.
      'jest/expect-expect': [
        'error',
        { assertFunctionNames: ['expect', 'expect*', '**.expect*', 'failure', 'completed', 'fc.assert'] },
      ],
    },
  },
  {
    // Model-based property tests: each generated case takes its expectation from the model's
    // branch (refused, missing, read), and every branch asserts.
    files: [
      'test/fs/containment.property.test.ts',
      'test/fs/properties.test.ts',
      'test/workspace/Workspace.resolve.property.test.ts',
    ],
    rules: { 'jest/no-conditional-expect': 'off' },
  },
  {
    files: ['**/eslint.config.js', 'test/setup/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Plain JavaScript fixtures that tests start as processes of their own (fast to start: no TypeScript loader).
  {
    files: ['test/**/fixtures/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
