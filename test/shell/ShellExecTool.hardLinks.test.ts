import { linkSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PolicyPermissionChecker } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { createShellHarness, type ShellHarness } from './fixtures/createShellHarness.js';

/**
 * A file with a second name inside the root is a window onto a file outside it: a write
 * through that name changes the outside file (no sandbox can tell: it is the same inode).
 * Shell writes refuse it like the fs tools do (security.md Paths 8).
 */
describe(`${ShellExecTool.name}: hard-linked write targets`, () => {
  let shell: ShellHarness;
  let outsideFile: string;

  beforeAll(async () => {
    shell = await createShellHarness({
      checker: new PolicyPermissionChecker({
        rules: [
          { effect: 'allow', kind: 'shell.exec' },
          { effect: 'allow', kind: 'fs.write' },
        ],
        fallback: 'deny',
      }),
    });
    outsideFile = path.join(shell.outside, 'secret');
    writeFileSync(outsideFile, 'original\n');
    linkSync(outsideFile, path.join(shell.root, 'window'));
    writeFileSync(path.join(shell.root, 'in'), 'b\na\n');
  });

  afterAll(async () => {
    await shell.close();
  });

  it.each([
    ['a redirection', 'echo pwned > window'],
    ['an appending redirection', 'echo pwned >> window'],
    ['a program output option (sort -o)', 'sort -o window in'],
    ['a program operand (cp)', 'cp in window'],
    ['tee', 'echo pwned | tee window'],
  ])(
    'refuses %s onto a hard-linked file before anything runs, even when every write is allowed',
    async (_name, command) => {
      const outcome = await shell.run({ command });

      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { reason: 'hard_link', nlink: 2 } },
      });
      expect(readFileSync(outsideFile, 'utf8')).toBe('original\n');
    },
  );
});
