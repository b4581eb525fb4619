import fc from 'fast-check';

/**
 * Property tests run on one fixed seed, so `npm test` gives the same answer on every run and
 * in CI. To explore further, run with another seed: `FC_SEED=123 npm run jest -- test/shell`.
 * A test that names its own seed keeps it.
 */
const seed = Number(process.env['FC_SEED'] ?? 20261201);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${String(process.env['FC_SEED'])}`);
fc.configureGlobal({ seed });
