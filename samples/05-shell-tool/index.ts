/**
 * Sample 05: the shell tool under a policy. The host allows `git status` and `npm test`;
 * every subcommand of a command line must be covered, so a compound command that also
 * deletes pauses for approval. A command that times out has its whole process tree killed:
 * the background job it started never writes its file.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  type JsonValue,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../../src/index.js';
import { shellTools } from '../../src/shell/index.js';

export interface ShellSampleReport {
  readonly gitAvailable: boolean;
  readonly status: ToolExecutionOutcome;
  readonly npmTest: ToolExecutionOutcome;
  readonly compound: ToolExecutionOutcome;
  readonly compoundApproved: ToolExecutionOutcome;
  readonly timeout: ToolExecutionOutcome;
  /** Whether the timed-out command's background job wrote its file anyway (it must not). */
  readonly leaked: boolean;
}

function isOnPath(program: string): boolean {
  return (process.env['PATH'] ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && existsSync(path.join(dir, program)));
}

function describeOutcome(outcome: ToolExecutionOutcome): string {
  switch (outcome.status) {
    case 'completed': {
      const { output, isError } = outcome.result.result;
      const value = output.type === 'structured' ? (output.value as Record<string, JsonValue>) : {};
      return `completed${isError ? ' (error)' : ''}: exit ${JSON.stringify(value['exitCode'])}, stdout ${JSON.stringify(value['stdout'])}${value['timedOut'] === true ? ', timed out' : ''}`;
    }
    case 'interrupted':
      return outcome.interruption.type === 'approval_required'
        ? `paused for approval: ${outcome.interruption.approval.reason}`
        : 'paused for auth';
    case 'failed':
      return `failed ${outcome.error.code} (invoked: ${outcome.invoked}): ${outcome.error.message}`;
  }
}

/** Runs a call; when it pauses for approval, the host (here: always yes) approves it once. */
async function approveAndRun(
  executor: ToolExecutor,
  callId: string,
  input: JsonValue,
): Promise<[ToolExecutionOutcome, ToolExecutionOutcome]> {
  const request = { callId, toolName: 'shell_exec', input, sessionId: 'demo', turnId: 'turn-1', metadata: {} };
  const asked = await executor.execute(request);
  if (asked.status !== 'interrupted' || asked.interruption.type !== 'approval_required') return [asked, asked];
  return [asked, await executor.executeApproved(request, asked.interruption.approval)];
}

export async function run(log: (line: string) => void = console.log): Promise<ShellSampleReport> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-sample-shell-')));
  try {
    await writeFile(path.join(root, 'hello.txt'), 'hello\n');
    await writeFile(
      path.join(root, 'package.json'),
      JSON.stringify({ name: 'demo', private: true, scripts: { test: 'node -e "console.log(\'1 test passed\')"' } }),
    );
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue(
      new PolicyPermissionChecker({
        rules: [
          { effect: 'allow', kind: 'shell.exec', pattern: 'git status' },
          { effect: 'allow', kind: 'shell.exec', pattern: 'npm test' },
        ],
        fallback: 'ask',
      }),
    );
    container.load(agentkitModule({ roots: [{ path: root }] }), shellTools({ killGraceMs: 200 }));
    const executor = await container.getAsync(TOOL_EXECUTOR);

    const gitAvailable = isOnPath('git');
    if (gitAvailable) {
      // `git init` is not in the policy: the host approves it once.
      const [, initialized] = await approveAndRun(executor, 'init', { argv: ['git', 'init', '--quiet'] });
      log(`git init (approved by the host) -> ${describeOutcome(initialized)}`);
    }
    const statusInput = gitAvailable ? { command: 'git status --short' } : { command: 'echo "git is not installed"' };
    const status = await executor.execute({
      callId: 'status',
      toolName: 'shell_exec',
      input: statusInput,
      sessionId: 'demo',
      turnId: 'turn-1',
      metadata: {},
    });
    log(`${statusInput.command} -> ${describeOutcome(status)}`);

    const npmTest = await executor.execute({
      callId: 'npm-test',
      toolName: 'shell_exec',
      input: { command: 'npm test --silent' },
      sessionId: 'demo',
      turnId: 'turn-1',
      metadata: {},
    });
    log(`npm test --silent -> ${describeOutcome(npmTest)}`);

    const [compound, compoundApproved] = await approveAndRun(executor, 'compound', {
      command: 'npm test --silent && rm -f hello.txt',
    });
    log(`npm test --silent && rm -f hello.txt -> ${describeOutcome(compound)}`);
    log(
      `  approved -> ${describeOutcome(compoundApproved)}; hello.txt exists: ${existsSync(path.join(root, 'hello.txt'))}`,
    );

    const [, timeout] = await approveAndRun(executor, 'timeout', {
      command: '(sleep 0.5; touch leaked.txt) & sleep 10',
      timeoutMs: 300,
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const leaked = existsSync(path.join(root, 'leaked.txt'));
    log(`a background job, then sleep 10, with timeoutMs 300 -> ${describeOutcome(timeout)}`);
    log(`  the background job wrote its file: ${leaked}`);
    return { gitAvailable, status, npmTest, compound, compoundApproved, timeout, leaked };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
