import type { JsonValue, ToolExecutionOutcome, ToolExecutor, ToolRequest } from '../../src/index.js';
import type { Subject } from '../measure.js';
import { CODE_ECHO_TOOL } from './CodeEchoTool.js';

/** Echo calls per script (and per group of direct calls): the 20. */
export const CALLS_PER_SCRIPT = 20;

/** `code_run`'s script: 20 calls one after the other; answers the sum of the echoed `i`s. */
export const SEQUENTIAL_SCRIPT = `let sum = 0;
for (let i = 0; i < ${CALLS_PER_SCRIPT}; i++) sum += (await tools.echo({ i })).i;
return sum;`;

/** The same 20 calls started together in one script. */
export const CONCURRENT_SCRIPT = `const answers = await Promise.all(Array.from({ length: ${CALLS_PER_SCRIPT} }, (_, i) => tools.echo({ i })));
return answers.reduce((sum, answer) => sum + answer.i, 0);`;

/** The least a script can be: the isolate's start, the bridge and the result, no tool call. */
export const EMPTY_SCRIPT = 'return 1;';

/** What the 20-call scripts must answer: 0 + 1 + ... + 19. */
export const ECHO_SUM = (CALLS_PER_SCRIPT * (CALLS_PER_SCRIPT - 1)) / 2;

/** A subject with the check that it answers what it must (made once, before measuring). */
export interface CodeSubject extends Subject {
  verify(): Promise<void>;
}

let sequence = 0;

function request(toolName: string, input: JsonValue): ToolRequest {
  sequence++;
  return {
    callId: `code-${sequence}`,
    toolName,
    input,
    sessionId: 'bench-session',
    turnId: 'bench-turn',
    metadata: {},
  };
}

/** A completed outcome's structured value (`code_run`'s `{ result, console, ... }`, echo's `{ i }`). */
export function completedValue(outcome: ToolExecutionOutcome): JsonValue {
  if (outcome.status !== 'completed') throw new Error(`${outcome.status}: ${JSON.stringify(outcome)}`);
  const { output } = outcome.result.result;
  if (output.type !== 'structured') throw new Error(`expected a structured result: ${JSON.stringify(output)}`);
  return output.value;
}

/** One `code_run` of `code` through the executor. */
export function runCode(executor: ToolExecutor, code: string): Promise<ToolExecutionOutcome> {
  return executor.execute(request('code_run', { code }));
}

function expectScriptResult(outcome: ToolExecutionOutcome, expected: JsonValue, name: string): void {
  const value = completedValue(outcome) as { result?: JsonValue };
  if (value.result !== expected)
    throw new Error(`${name}: answered ${JSON.stringify(value)}, not ${JSON.stringify(expected)}`);
}

function codeRunSubject(name: string, executor: ToolExecutor, code: string, expected: JsonValue): CodeSubject {
  return {
    name,
    call: () => runCode(executor, code),
    verify: async () => {
      expectScriptResult(await runCode(executor, code), expected, name);
    },
  };
}

function echo(executor: ToolExecutor, i: number): Promise<number> {
  return executor
    .execute(request(CODE_ECHO_TOOL, { i }))
    .then((outcome) => (completedValue(outcome) as { i: number }).i);
}

async function sequentialEchoes(executor: ToolExecutor): Promise<number> {
  let sum = 0;
  for (let i = 0; i < CALLS_PER_SCRIPT; i++) sum += await echo(executor, i);
  return sum;
}

async function concurrentEchoes(executor: ToolExecutor): Promise<number> {
  const answers = await Promise.all(Array.from({ length: CALLS_PER_SCRIPT }, (_, i) => echo(executor, i)));
  return answers.reduce((sum, i) => sum + i, 0);
}

function directSubject(name: string, group: () => Promise<number>): CodeSubject {
  return {
    name,
    call: group,
    verify: async () => {
      const sum = await group();
      if (sum !== ECHO_SUM) throw new Error(`${name}: summed ${sum}, not ${ECHO_SUM}`);
    },
  };
}

/** The section's per-call subjects, measured round-robin together: figure 1, and figure 2's warm start. */
export interface CodeSubjects {
  readonly scriptSequential: CodeSubject;
  readonly directSequential: CodeSubject;
  readonly scriptConcurrent: CodeSubject;
  readonly directConcurrent: CodeSubject;
  readonly emptyScript: CodeSubject;
  readonly oneEcho: CodeSubject;
}

/** The subjects over one warm executor. */
export function createCodeSubjects(executor: ToolExecutor): CodeSubjects {
  const n = CALLS_PER_SCRIPT;
  return {
    scriptSequential: codeRunSubject(
      `code_run: ${n} tools.echo, one after another`,
      executor,
      SEQUENTIAL_SCRIPT,
      ECHO_SUM,
    ),
    directSequential: directSubject(`${n} executor.execute(echo), one after another`, () => sequentialEchoes(executor)),
    scriptConcurrent: codeRunSubject(
      `code_run: ${n} tools.echo in one Promise.all`,
      executor,
      CONCURRENT_SCRIPT,
      ECHO_SUM,
    ),
    directConcurrent: directSubject(`${n} executor.execute(echo) in one Promise.all`, () => concurrentEchoes(executor)),
    emptyScript: codeRunSubject('code_run: return 1 (warm executor)', executor, EMPTY_SCRIPT, 1),
    oneEcho: {
      name: 'one executor.execute(echo)',
      call: (i) => echo(executor, i),
      verify: async () => {
        if ((await echo(executor, 7)) !== 7) throw new Error('echo did not answer its input');
      },
    },
  };
}
