import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PermissionDecision,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  type PermissionChecker,
  type ToolExecutor,
} from '../../src/index.js';
import { shellTools } from '../../src/shell/index.js';
import { generateCommandLine } from '../shell/fixtures/generateCommandLine.js';
import { readBashWords } from '../shell/fixtures/readBashWords.js';
import { traceBashCommands } from '../shell/fixtures/traceBashCommands.js';
import { getFuzzRuns, getFuzzTimeout } from './fixtures/fuzzRuns.js';

/**
 * Random command lines against `allow shell.exec 'git status'` (fallback deny), through the
 * real `shell_exec` preflight and the real policy checker. The checker records the policy's
 * decisions and always answers deny, so no command runs. A line counts as allowed when the
 * policy allowed every request of the call. The oracle is bash itself: for every allowed line,
 * each simple command bash would run (a `DEBUG` trap logs and skips them all, see
 * `traceBashCommands`) must be `git status ...` with those two words literal.
 */
const RUNS = getFuzzRuns(60);
const POLICY = new PolicyPermissionChecker({
  rules: [{ effect: 'allow', kind: 'shell.exec', pattern: 'git status' }],
  fallback: 'deny',
});

/** Pieces to wrap `git status` in: separators, quotes, substitutions, redirections, heredocs, odd blanks. */
const AROUND = [
  '',
  ' -s',
  ' --short',
  ' .',
  ' ./sub',
  ' -- a',
  ';',
  ' ; touch X',
  ' && touch X',
  ' || touch X',
  ' | cat',
  ' &',
  ' > out',
  ' 2>&1',
  ' <<EOF\ntouch X\nEOF',
  " 'x'",
  ' "$(touch X)"',
  ' `touch X`',
  ' $(touch X)',
  ' <(touch X)',
  ' $X',
  ' ${X}',
  ' \\\ntouch X',
  '\ntouch X',
  ' # ; touch X',
  '\u00a0touch X',
  '\ttouch X',
  ' -c core.pager=touch',
  " $'\\n'touch X",
  ' \\; touch X',
  ' ";" touch X',
  " ';' touch X",
  ' ${X:-$(touch X)}',
  ' {a,b}',
  ' *',
];
const BEFORE = [
  '',
  'X=1 ',
  'env ',
  'command ',
  'exec ',
  '\\git status; ',
  'g""it ',
  "'git' ",
  'git\\ ',
  ' ',
  '( ',
  '{ ',
  'time ',
  '! ',
  'if true; then ',
  'touch X; ',
];
const nearAllowed = fc
  .tuple(
    fc.constantFrom(...BEFORE),
    fc.constantFrom(
      'git status',
      'git  status',
      'git status',
      "git 'status'",
      'git "status"',
      'git stat\\us',
      'git status\\',
    ),
    fc.array(fc.constantFrom(...AROUND), { maxLength: 3 }),
  )
  .map(([before, command, after]) => `${before}${command}${after.join('')}`);
const line = fc.oneof({ weight: 2, arbitrary: nearAllowed }, { weight: 1, arbitrary: generateCommandLine });

/** Whether `ran` (one `$BASH_COMMAND`) is a command the rule allows: `git status` literally, then anything. */
function isGitStatus(ran: string): boolean {
  const words = readBashWords(ran);
  if (words.length === 0 || /^(for |case |select |\[\[ |\(\()/u.test(ran)) return true;
  const [program, subcommand] = words;
  return program?.text === 'git' && !program.dynamic && subcommand?.text === 'status' && !subcommand.dynamic;
}

describe("shell_exec under allow shell.exec 'git status' (fuzzed against bash)", () => {
  let cwd: string;
  let emptyPath: string;
  let executor: ToolExecutor;
  const decisions: PermissionDecision[] = [];

  beforeAll(async () => {
    cwd = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-allow-')));
    emptyPath = path.join(cwd, '.empty-path');
    mkdirSync(emptyPath);
    const recording: PermissionChecker = {
      evaluate: (request, ctx) => {
        decisions.push(POLICY.evaluate(request, ctx));
        return PermissionDecision.deny('the fuzz only records what the policy decides; nothing runs');
      },
    };
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue(recording);
    container.load(agentkitModule({ roots: [{ path: cwd }] }), shellTools({ sandbox: 'off' }));
    executor = await container.getAsync(TOOL_EXECUTOR);
  });

  afterAll(async () => {
    await executor.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('has an oracle that sees what runs past git status (so the property can fail)', () => {
    const traced = traceBashCommands('git status -s; touch X', cwd, emptyPath);

    expect(traced.map((ran) => [ran, isGitStatus(ran)])).toStrictEqual([
      ['git status -s', true],
      ['touch X', false],
    ]);
  });

  it(
    'allows only lines whose every command bash would run is git status',
    async () => {
      let allowed = 0;
      let call = 0;
      await fc.assert(
        fc.asyncProperty(line, async (command) => {
          decisions.length = 0;
          const outcome = await executor.execute({
            callId: `allow-${++call}`,
            toolName: 'shell_exec',
            input: { command },
            sessionId: 's',
            turnId: 't',
            metadata: {},
          });
          const ran = outcome.status === 'completed';
          const policyAllowed = decisions.length > 0 && decisions.every((decision) => decision.type === 'allow');
          if (policyAllowed) allowed++;
          const notGitStatus = policyAllowed
            ? traceBashCommands(command, cwd, emptyPath).filter((traced) => !isGitStatus(traced))
            : [];

          expect({ command, ran, notGitStatus }).toStrictEqual({ command, ran: false, notGitStatus: [] });
        }),
        { numRuns: RUNS },
      );

      // The property must not hold only because nothing was allowed.
      expect(allowed).toBeGreaterThan(RUNS / 10);
    },
    getFuzzTimeout(RUNS, 30),
  );
});
