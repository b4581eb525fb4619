// `npm run bench:check`: the root rules, applied to bench/ (which the root config leaves out:
// the peers it imports are installed only by `npm run bench:install`).
import tseslint from 'typescript-eslint';
import root from '../eslint.config.js';

export default [
  ...root.map((entry) =>
    entry.ignores?.includes('bench/') ? { ignores: ['dist/', '**/node_modules/', 'coverage/'] } : entry,
  ),
  // The start-up scripts are plain JavaScript run by plain node against dist/ (no TypeScript
  // loader in the measured process): linted without type information.
  {
    files: ['**/startup/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', MessageChannel: 'readonly' },
    },
  },
];
