import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PolicyPermissionChecker } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { createShellHarness, type ShellHarness } from './fixtures/createShellHarness.js';

/**
 * Variables the model may not set through `env` (they change how programs start, and
 * `GIT_CONFIG_COUNT` would undo the forced git settings) may not be set inline either:
 * written before a command they make even an allow-everything shell rule ask.
 */
describe(`${ShellExecTool.name}: startup variables assigned in the command text`, () => {
  let shell: ShellHarness;

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
  });

  afterAll(async () => {
    await shell.close();
  });

  it.each([
    'GIT_CONFIG_COUNT=0 git status',
    'LD_PRELOAD=/tmp/x.so touch ran',
    'true; BASH_ENV=./evil bash -c true; touch ran',
  ])('asks before %s, running nothing', async (command) => {
    const outcome = await shell.run({ command });

    expect(outcome).toMatchObject({
      status: 'interrupted',
      interruption: { type: 'approval_required', approval: { requests: [{ kind: 'shell.exec' }] } },
    });
    expect(shell.exists('ran')).toBe(false);
  });

  it('still runs a command with an ordinary inline variable', async () => {
    const outcome = await shell.run({ command: 'GREETING=hi touch ran' });

    expect(outcome).toMatchObject({ status: 'completed' });
    expect(shell.exists('ran')).toBe(true);
  });
});
