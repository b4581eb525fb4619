import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // bench/ has its own dependencies (npm run bench:install) and is checked by npm run bench:check (bench/eslint.config.js).
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.cache/', 'bench/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name=/^(only|skip)$/][callee.object.name=/^(it|test|describe)$/]', message: 'No focused or skipped tests.' },
      ],
    },
  },
  {
    files: ['**/eslint.config.js', 'test/setup/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
