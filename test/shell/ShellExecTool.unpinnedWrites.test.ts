import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PolicyPermissionChecker, type PolicyRule } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

describe(`${ShellExecTool.name}: program writes through paths the same command reshapes (sandbox off)`, () => {
  let shell: ShellHarness;

  beforeAll(async () => {
    shell = await createShellHarness({
      shell: { sandbox: 'off' },
      checker: new PolicyPermissionChecker({
        // without the sandbox, cp's source is an fs.read request too (issue 16 item 2)
        rules: [
          ...['ln', 'cp', 'rm', 'mv', 'sort'].map((pattern): PolicyRule => ({
            effect: 'allow',
            kind: 'shell.exec',
            pattern,
          })),
          { effect: 'allow', kind: 'fs.write' },
          { effect: 'allow', kind: 'fs.read' },
        ],
        fallback: 'ask',
      }),
    });
    writeFileSync(path.join(shell.root, 'key'), 'attacker key\n');
    mkdirSync(path.join(shell.root, 'existing'));
  });

  afterAll(async () => {
    await shell.close();
  });

  it.each([
    ['a link the same line makes', (outside: string) => `ln -s ${outside} d && cp key d/authorized_keys`],
    [
      'a directory the same line replaces by a link',
      (outside: string) => `rm -r existing && ln -s ${outside} existing && cp key existing/authorized_keys`,
    ],
    [
      'a directory the same line moves a link onto',
      (outside: string) =>
        `ln -s ${outside} tmp-link && mv -T tmp-link existing && sort -o existing/authorized_keys key`,
    ],
  ])('asks before a program writes through %s, and nothing is written outside', async (_name, build) => {
    const outcome = await shell.run({ command: build(shell.outside) });

    expect(outcome).toMatchObject({
      status: 'interrupted',
      interruption: {
        type: 'approval_required',
        approval: {
          requests: expect.arrayContaining([
            expect.objectContaining({
              kind: 'shell.exec',
              metadata: expect.objectContaining({ risks: expect.arrayContaining(['unknown_write']) }),
            }),
          ]),
        },
      },
    });
    expect(existsSync(path.join(shell.outside, 'authorized_keys'))).toBe(false);
  });

  it('still runs a program writing an existing directory the line does not touch', async () => {
    const outcome = await shell.run({ command: 'cp key existing/copy' });

    expect(getShellValue(outcome)).toMatchObject({ exitCode: 0 });
    expect(readFileSync(path.join(shell.root, 'existing', 'copy'), 'utf8')).toBe('attacker key\n');
  });
});
