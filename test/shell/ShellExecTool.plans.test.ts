import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { getBashParser } from '../../src/shell/parsing/getBashParser.js';
import { createSameRequestRace } from '../fixtures/createSameRequestRace.js';
import { createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

describe.each(['off', 'auto'] as const)(`${ShellExecTool.name} plans (sandbox: %s)`, (sandbox) => {
  const race = createSameRequestRace();
  let shell: ShellHarness;

  beforeAll(async () => {
    shell = await createShellHarness({ checker: race.checker, shell: { sandbox } });
  });

  afterAll(async () => {
    await shell.close();
  });

  it('runs one request object twice at once, each body on the plan its own checks approved', async () => {
    const request = {
      callId: 'same',
      toolName: 'shell_exec',
      input: { command: 'echo one > t/out' },
      sessionId: 's',
      turnId: 't',
      metadata: {},
    };
    const [first, second] = await race.run(shell.root, () => shell.executor.execute(request));

    expect(getShellValue(first).exitCode).toBe(0);
    expect(second.status === 'failed' ? [second.error.code, second.invoked] : second.status).toStrictEqual([
      'permission_denied',
      false,
    ]);
    expect(readFileSync(path.join(shell.root, 'a', 'out'), 'utf8')).toBe('one\n');
    expect(existsSync(path.join(shell.root, 'b', 'out'))).toBe(false);
  });
});

describe(ShellExecTool.name, () => {
  describe('.preflight', () => {
    it('parses a command line with redirections once, and the runner writes where the checked requests said', async () => {
      const shell = await createShellHarness({ shell: { sandbox: 'off' } });
      const parser = await getBashParser();
      const parse = jest.spyOn(parser, 'parse');
      try {
        const outcome = await shell.run({ command: 'echo one > a.txt; echo two >> b.txt' });

        expect(getShellValue(outcome).exitCode).toBe(0);
        expect(parse).toHaveBeenCalledTimes(1);
        expect([
          readFileSync(path.join(shell.root, 'a.txt'), 'utf8'),
          readFileSync(path.join(shell.root, 'b.txt'), 'utf8'),
        ]).toStrictEqual(['one\n', 'two\n']);
      } finally {
        parse.mockRestore();
        await shell.close();
      }
    });
  });

  describe('.invoke', () => {
    it('refuses to run without its preflight (called directly): internal, missing_preflight', async () => {
      const tool = new ShellExecTool(undefined as never);
      const error = await tool
        .invoke({ command: 'true' }, { plan: undefined } as never)
        .catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ code: 'internal', details: { reason: 'missing_preflight' } });
    });
  });
});
