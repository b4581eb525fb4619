/**
 * The loop as a command, one process per step:
 *   node --import @swc-node/register/esm-register samples/08-agent-loop/main.ts <workspace> <stateDir>
 *     starts a run; it stops at the first approval (state in <stateDir>/state.json).
 *   ... main.ts <workspace> <stateDir> approve|reject
 *     resumes it in this new process with that decision for every pending call.
 * Prints the state's status and the last message as JSON.
 */
import { join } from 'node:path';
import { createAgentExecutor } from './createAgentExecutor.js';
import { resumeAgentLoop, startAgentLoop } from './agentLoop.js';
import { scriptedModel } from './scriptedModel.js';

const [workspace, stateDir, decision] = process.argv.slice(2);
if (
  workspace === undefined ||
  stateDir === undefined ||
  (decision !== undefined && decision !== 'approve' && decision !== 'reject')
) {
  throw new Error('usage: main.ts <workspace> <stateDir> [approve|reject]');
}
const executor = await createAgentExecutor(workspace, stateDir);
const stateFile = join(stateDir, 'state.json');
const state =
  decision === undefined
    ? await startAgentLoop(executor, scriptedModel, 'Summarize notes.md into summary.md.', stateFile)
    : await resumeAgentLoop(executor, scriptedModel, stateFile, () => decision);
console.log(
  JSON.stringify({
    status: state.status,
    pending: state.pending.map((pending) => pending.request.toolName),
    last: state.messages.at(-1),
  }),
);
