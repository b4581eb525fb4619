// `npm run bench:check`: the root rules, applied to bench/ (which the root config leaves out:
// the peers it imports are installed only by `npm run bench:install`).
import root from '../eslint.config.js';

export default root.map((entry) =>
  entry.ignores?.includes('bench/') ? { ignores: ['dist/', '**/node_modules/', 'coverage/'] } : entry,
);
