import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobTool } from '../../src/fs/tools/GlobTool.js';
import { createFsHarness } from './fixtures/createFsHarness.js';
import { ISOLATED_TEST_BUDGET_MS, runIsolated } from './fixtures/runIsolated.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

describe(GlobTool.name, () => {
  describe('linear-time globs', () => {
    it(
      'matches globs whose expression takes polynomial time of high degree on a backtracking engine (run in a child process: a freeze cannot be interrupted)',
      async () => {
        expect(await runIsolated(path.join(HERE, 'fixtures', 'globHostilePatterns.ts'))).toStrictEqual({
          glob: { paths: [], truncated: false },
          grep: { matches: [], truncated: false },
          matching: { paths: [expect.stringMatching(/a{120}\.txt$/u)], truncated: false },
        });
      },
      ISOLATED_TEST_BUDGET_MS,
    );

    it('refuses a negated extglob, which needs lookahead, as invalid_input before reading anything', async () => {
      const h = await createFsHarness();
      try {
        const outcomes = [
          await h.call('fs_glob', { pattern: '!(x)*' }),
          await h.call('fs_grep', { pattern: 'a', include: '!(x)*' }),
        ];

        expect(outcomes).toMatchObject([
          {
            status: 'failed',
            invoked: false,
            error: { code: 'invalid_input', details: { reason: 'invalid_pattern' } },
          },
          {
            status: 'failed',
            invoked: false,
            error: { code: 'invalid_input', details: { reason: 'invalid_pattern' } },
          },
        ]);
      } finally {
        h.cleanup();
      }
    });
  });
});
