import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PermissionDecision,
  TOOL_EXECUTOR,
  type ToolRequest,
} from '../../src/index.js';
import { shellTools } from '../../src/shell/index.js';
import { formatNs, formatRatio, renderTable } from '../format.js';
import { measurePerCall, pairedRatio, type Subject } from '../measure.js';
import { describeLoad } from '../report.js';

const PER_CALL = { warmupMs: 300, batchMs: 60, rounds: 21 } as const;

function run(file: string, args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.once('error', reject);
    child.once('close', () => {
      resolve();
    });
  });
}

/**
 * What the repository configuration cache saves on `shell_exec git status` without the
 * sandbox: the listing it skips (`git config --list`), and the whole call with the cache hit or
 * missed (a config changed a moment ago is never trusted, so touching it before every call
 * measures the old cost), next to a bare spawn of `git status`.
 */
export async function runGitConfigCacheBench(log: (line: string) => void = console.log): Promise<void> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-bench-git-')));
  execFileSync('git', ['init', '-q', root]);
  await writeFile(path.join(root, 'file'), 'x\n');
  const config = path.join(root, '.git', 'config');
  await utimes(config, new Date(Date.now() - 10_000), new Date(Date.now() - 10_000));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue({ evaluate: () => PermissionDecision.allow() });
  container.load(agentkitModule({ roots: [{ path: root }] }), shellTools({ sandbox: 'off' }));
  const executor = await container.getAsync(TOOL_EXECUTOR);
  const request: ToolRequest = {
    callId: 'bench',
    toolName: 'shell_exec',
    input: { argv: ['git', 'status', '--porcelain'] },
    sessionId: 's',
    turnId: 't',
    metadata: {},
  };
  const shellExec = async (): Promise<void> => {
    const outcome = await executor.execute(request);
    if (outcome.status !== 'completed') throw new Error(`shell_exec failed: ${JSON.stringify(outcome)}`);
  };
  const subjects: Subject[] = [
    { name: 'bare spawn: git status --porcelain', call: () => run('git', ['status', '--porcelain'], root) },
    {
      name: 'the listing alone: git config --list --show-origin',
      call: () =>
        new Promise((resolve) =>
          execFile('git', ['config', '--list', '--show-scope', '--show-origin', '-z'], { cwd: root }, resolve),
        ),
    },
    { name: "shell_exec git status, sandbox 'off', config cached", call: shellExec },
    {
      name: "shell_exec git status, sandbox 'off', config just changed (listed)",
      call: async () => {
        // a chmod to the same mode changes ctime only: the listing is not trusted and runs again
        execFileSync('chmod', ['644', config]);
        await shellExec();
      },
    },
  ];
  log(
    `git config cache: ${String(PER_CALL.rounds)} rounds of ~${String(PER_CALL.batchMs)} ms batches (${describeLoad()}) ...`,
  );
  const results = await measurePerCall(subjects, PER_CALL);
  const [bare] = results;
  if (bare === undefined) throw new Error('no results');
  log(
    renderTable(
      ['one call (sequential)', 'median/op', 'vs bare git status (paired)'],
      results.map((row) => [row.name, formatNs(row.medianNs), formatRatio(pairedRatio(row, bare))]),
    ),
  );
  await rm(root, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGitConfigCacheBench();
