/**
 * `npm start`: the demo. A scripted model (no network, no key) works on a temp copy of the
 * bundled project (`project/`) through the fs tools, the shell tool, an in-process MCP server
 * and a custom tool, under the default policy. Changes, commands and remote calls pause for
 * approval; reading outside the project is refused.
 *
 *   npm start                        in a terminal: asks at each approval; otherwise --approve all
 *   npm start -- --approve all|none|stop
 *   npm start -- --approve stop      then   npm start -- --resume   (the latest run of this user)
 *   npm start -- --approve stop --state run.json   then   npm start -- --resume --state run.json
 *   npm start -- --code             code mode: the first five steps as one code_run script, which
 *                                   pauses at the edit and the check and resumes by replay
 *
 * Each run keeps its state (the saved run, its approvals, what the model read) in a directory of
 * its own under this user's demo directory (`$XDG_STATE_HOME/agentkit-demo`, or
 * `<tmpdir>/agentkit-demo-<uid>`), so runs at the same time never touch each other's approvals.
 *   npm start -- --format openai|anthropic|gemini  the declarations it would send, as JSON
 *   npm start -- --root DIR                        work on DIR itself instead of a temp copy
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { PendingCall, ToolExecutor } from '../../src/index.js';
import { toAnthropicTools, toGeminiTools, toOpenAIChatTools } from '../../src/providers/index.js';
import { createDemoExecutor } from './createDemoExecutor.js';
import type { Decide, Decision } from './Decision.js';
import { demoModel } from './demoModel.js';
import {
  createDemoRun,
  getDemoHome,
  getDemoRun,
  getLatestDemoRun,
  removeFinishedDemoRuns,
  type DemoRun,
} from './DemoRuns.js';
import type { DemoState } from './DemoState.js';
import { formatSummary } from './formatSummary.js';
import { askDecision } from './askDecision.js';
import { runDemoLoop } from './runDemoLoop.js';

const USAGE =
  'usage: npm start -- [--approve all|none|stop] [--code] [--state FILE] [--resume] [--root DIR] [--format openai|anthropic|gemini]';
const PROJECT = fileURLToPath(new URL('./project', import.meta.url));
const PROMPT =
  'The check script fails. Fix the cause, check again, look up the tracker issue, and tell me who owns the file.';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    approve: { type: 'string' },
    state: { type: 'string' },
    resume: { type: 'boolean', default: false },
    code: { type: 'boolean', default: false },
    root: { type: 'string' },
    format: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.approve !== undefined && !['all', 'none', 'stop'].includes(values.approve))
  fail(`--approve must be all, none or stop; got ${values.approve}`);
if (values.format !== undefined && !['openai', 'anthropic', 'gemini'].includes(values.format))
  fail(`--format must be openai, anthropic or gemini; got ${values.format}`);
if (values.code && values.resume)
  fail('--code starts a new run; --resume continues a run in the mode it was started in');

const interactive = values.approve === undefined && process.stdin.isTTY && process.stdout.isTTY;
const mode = values.approve ?? (interactive ? 'ask' : 'all');

function prepareWorkspace(): { workspace: string; ownsWorkspace: boolean } {
  if (values.root !== undefined) return { workspace: realpathSync(values.root), ownsWorkspace: false };
  const workspace = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-demo-project-')));
  cpSync(PROJECT, workspace, { recursive: true });
  return { workspace, ownsWorkspace: true };
}

async function printDeclarations(format: string): Promise<void> {
  const { workspace, ownsWorkspace } = prepareWorkspace();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'agentkit-demo-format-'));
  const executor = await createDemoExecutor(workspace, scratch, values.code);
  try {
    const specs = executor.specs();
    const declarations =
      format === 'anthropic'
        ? toAnthropicTools(specs)
        : format === 'gemini'
          ? toGeminiTools(specs)
          : toOpenAIChatTools(specs);
    console.log(JSON.stringify(declarations, null, 2));
  } finally {
    await executor.close();
    rmSync(scratch, { recursive: true, force: true });
    if (ownsWorkspace) rmSync(workspace, { recursive: true, force: true });
  }
}

/** What one approval is known by: its id (a code_run call asks once per child call that needs one), else the call's id. */
function getPauseId(pending: PendingCall): string {
  return pending.interruption.type === 'approval_required' ? pending.interruption.approval.id : pending.request.callId;
}

/** How this process decides, by mode. With `--resume --approve stop`, the approvals it stopped at are given and it stops at the next one. */
function buildDecide(resumedPauses: ReadonlySet<string>): Decide {
  return async (pending: PendingCall) => {
    let decision: Decision;
    if (mode === 'ask') decision = await askDecision(pending);
    else if (mode === 'none') decision = 'reject';
    else if (mode === 'all' || resumedPauses.has(getPauseId(pending))) decision = 'approve';
    else decision = 'stop';
    if (mode !== 'ask')
      console.log(
        `    decision (${values.approve === undefined ? 'no terminal: ' : ''}--approve ${mode}): ${decision}`,
      );
    return decision;
  };
}

/**
 * Where this run keeps its state: `--state FILE` (a new run there starts from a clean state
 * directory), or for a new run a directory of its own, for `--resume` the latest run.
 */
function locateRun(): DemoRun {
  if (values.state !== undefined) {
    const run = getDemoRun(path.resolve(values.state));
    mkdirSync(path.dirname(run.stateFile), { recursive: true });
    if (!values.resume) rmSync(run.stateDir, { recursive: true, force: true });
    return run;
  }
  const home = getDemoHome();
  if (values.resume)
    return getLatestDemoRun(home) ?? fail(`No run is saved in ${home}: start one, e.g. with --approve stop.`);
  const run = createDemoRun(home);
  removeFinishedDemoRuns(home, run);
  return run;
}

async function runDemo(): Promise<void> {
  const { stateFile, stateDir } = locateRun();
  let state: DemoState;
  if (values.resume) {
    if (!existsSync(stateFile)) fail(`No run is saved in ${stateFile}: start one, e.g. with --approve stop.`);
    // Say what happened rather than let the resume fail as an approval its store does not know.
    if (!existsSync(stateDir))
      fail(
        `The run saved in ${stateFile} cannot be resumed: its approvals (${stateDir}) were deleted. Start a new run.`,
      );
    state = JSON.parse(readFileSync(stateFile, 'utf8')) as DemoState;
    if (state.status === 'done') {
      console.log(`The run in ${stateFile} is already done.\n\n${formatSummary(state)}`);
      return;
    }
    console.log(`Resuming the run in ${stateFile}: ${state.pending.length} call(s) waiting (mode: ${mode}).`);
  } else {
    mkdirSync(stateDir, { recursive: true });
    const { workspace, ownsWorkspace } = prepareWorkspace();
    state = {
      status: 'paused',
      workspace,
      ownsWorkspace,
      codeMode: values.code,
      messages: [{ role: 'user', content: PROMPT }],
      pending: [],
      records: [],
      elapsedMs: 0,
    };
    console.log(
      `agentkit-tools-core demo: a scripted model (no network) works on ${workspace} (mode: ${mode}${values.code ? ', code mode' : ''}).\nuser: ${PROMPT}`,
    );
  }
  const executor: ToolExecutor = await createDemoExecutor(state.workspace, stateDir, state.codeMode);
  try {
    if (!values.resume)
      console.log(
        `tools: ${executor
          .specs()
          .map((spec) => spec.name)
          .join(', ')}`,
      );
    const resumedPauses = new Set(values.resume ? state.pending.map(getPauseId) : []);
    const final = await runDemoLoop(executor, demoModel, state, stateFile, buildDecide(resumedPauses), (line) => {
      console.log(line);
    });
    if (final.status === 'paused') {
      const latest = values.state === undefined ? ' (or npm start -- --resume, while it is the latest run)' : '';
      console.log(
        `\nStopped at an approval; the run is saved in ${stateFile}.\n` +
          `Continue it in a new process: npm start -- --resume --state ${stateFile}${latest}`,
      );
    } else if (final.ownsWorkspace) {
      rmSync(final.workspace, { recursive: true, force: true });
      console.log(`\nDone; the temp project copy is removed.`);
    } else {
      console.log(`\nDone; the changes are in ${final.workspace}.`);
    }
    console.log(`\n${formatSummary(final)}`);
  } finally {
    await executor.close();
  }
}

if (values.format !== undefined) await printDeclarations(values.format);
else await runDemo();
process.exit(0);
