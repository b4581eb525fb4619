import { randomInt } from 'node:crypto';
import {
  buildToolResult,
  ToolError,
  toToolName,
  type JsonObject,
  type JsonValue,
  type PermissionRequest,
  type Tool,
  type ToolContext,
  type ToolExecutionOutcome,
  type ToolRequest,
  type ToolResult,
  type ToolSpec,
} from '../index.js';
import { CodeRunPermissionRequest } from './CodeRunPermissionRequest.js';
import { CODE_RUN_OUTPUT_SCHEMA, type CodeRunResult } from './CodeRunResult.js';
import type { CodeRunLimits } from './CodeRunLimits.js';
import { ConsoleCapture } from './ConsoleCapture.js';
import type { CodeLogStore } from './run/CodeLogStore.js';
import { runScript } from './run/runScript.js';
import type { ScriptRunEnd } from './run/ScriptRunEnd.js';
import type { ThrownError } from './isolate/ScriptEnd.js';

/** The callable tools as the model reads them, and one tool's declaration on request. */
export interface CallableTools {
  /** TypeScript declarations of the callable tools (within the budget; the rest named). */
  readonly text: string;
  /** Each callable tool's full declaration by name, for `describe(name)`. */
  readonly declarations: Readonly<Record<string, string>>;
  /** What `describe(name)` says after `No callable tool is named <name>.` for a name that is not callable. */
  readonly missing: string;
}

function buildDescription(declarations: CallableTools, limits: CodeRunLimits, example: string): string {
  return [
    'Runs a JavaScript script that calls tools, in an isolated interpreter (QuickJS in WebAssembly). Write the body of an async function:',
    `\`const x = await ${example}(input)\` calls a tool (a name with dots or dashes: \`tools["a.b"](input)\`), and \`return\` a JSON value as the result;`,
    "`console.log` lines come back with it. Each call is checked like a direct call of that tool and may pause the script for a person's approval",
    '(it then resumes where it stopped). A failed or denied call throws a `ToolCallError` (`code`, `reason`, `message`, `tool`) the script may catch.',
    'Plain JavaScript only: no TypeScript annotations, no import or require, no timers, no filesystem or network but through tools; `Date` is fixed',
    `at the script's start and \`Math.random\` is seeded. Limits: ${limits.maxToolCalls} tool calls, ${Math.round(limits.timeoutMs / 1000)} s,`,
    `${Math.round(limits.memoryBytes / (1024 * 1024))} MiB. Calls run one after another unless started together (\`await Promise.all([...])\`).`,
    'The callable tools:',
    '```ts',
    declarations.text,
    '```',
  ].join('\n');
}

const INPUT_SCHEMA = (maxCodeChars: number): JsonObject => ({
  type: 'object',
  properties: {
    code: {
      type: 'string',
      minLength: 1,
      maxLength: maxCodeChars,
      description: 'The script: the body of an async function, in JavaScript.',
    },
  },
  required: ['code'],
  additionalProperties: false,
});

/** How long after the call's deadline the isolate's own stops the script. */
const ISOLATE_DEADLINE_MARGIN_MS = 50;

function failed(code: ToolError['code'], message: string, reason: string, details: JsonObject = {}): ToolError {
  return new ToolError(code, message, { reason, ...details });
}

/** The first lines of an isolate stack trace, for the model. */
function shortStack(stack: string | undefined): string {
  if (stack === undefined) return '';
  const lines = stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.includes('prelude.js'))
    .slice(0, 3);
  return lines.length === 0 ? '' : ` (${lines.join('; ')})`;
}

function thrownError(error: ThrownError): ToolError {
  if (error.name === 'InternalError' && error.message === 'out of memory') {
    return failed(
      'execution_failed',
      'The script ran out of memory (its isolate has a fixed limit); nothing more of it ran. Work on less data at once.',
      'memory_limit',
    );
  }
  if (error.name === 'InternalError' && error.message === 'stack overflow') {
    return failed(
      'execution_failed',
      'The script recursed too deeply (stack overflow) and did not catch it. Use a loop instead of deep recursion.',
      'stack_overflow',
    );
  }
  if (error.name === 'ToolCallError') {
    return failed(
      'execution_failed',
      `The script did not catch a failed call of tools.${error.tool ?? '?'}: [${error.code ?? 'unknown'}] ${error.message}`,
      'script_threw',
      { error: { name: error.name, message: error.message, code: error.code ?? null, tool: error.tool ?? null } },
    );
  }
  return failed(
    'execution_failed',
    `The script threw ${error.name}: ${error.message}${shortStack(error.stack)}`,
    'script_threw',
    { error: { name: error.name, message: error.message } },
  );
}

/**
 * `code_run`: a script that calls tools, run in a QuickJS isolate, each `tools.x()` a child
 * call of this one through the executor (validated, preflighted, checked by the same checker,
 * with its own call id). A child's interruption pauses the script: the call ends `interrupted`
 * with it, the finished calls are recorded in the approval store, and the same call run
 * again (`executeApproved` with the child's approval, `executeWithInput` with its answer, or
 * the same request after the host met an `auth_required` or `capability_required`) replays the
 * script with those calls answered from the record, then goes on for real.
 */
export class CodeRunTool implements Tool {
  public readonly spec: ToolSpec;
  public readonly source = 'code mode';
  public readonly timeoutMs: number;

  public constructor(
    name: string,
    private readonly toolNames: readonly string[],
    private readonly declarations: CallableTools,
    private readonly limits: CodeRunLimits,
    private readonly logs: CodeLogStore,
  ) {
    this.timeoutMs = limits.timeoutMs;
    this.spec = Object.freeze({
      name: toToolName(name),
      description: buildDescription(
        declarations,
        limits,
        toolNames[0] === undefined || !/^[a-z_][a-z0-9_]*$/.test(toolNames[0])
          ? 'tools.some_tool'
          : `tools.${toolNames[0]}`,
      ),
      inputSchema: INPUT_SCHEMA(limits.maxCodeChars),
      outputSchema: CODE_RUN_OUTPUT_SCHEMA,
      annotations: Object.freeze({ readOnlyHint: false, destructiveHint: false, idempotentHint: false }),
      metadata: Object.freeze({ callableTools: [...toolNames] }),
    });
  }

  /** Names the script (`code.run`); the tools it calls are checked one by one as it calls them. */
  public proposedRequests(request: ToolRequest): readonly PermissionRequest[] {
    return [new CodeRunPermissionRequest(this.spec.name, (request.input as { code: string }).code)];
  }

  /** Runs the script; a child's interruption is this call's (see the class). */
  public async invokeOutcome(request: ToolRequest, ctx: ToolContext): Promise<ToolExecutionOutcome> {
    const code = (request.input as { code: string }).code;
    const { log, next } = await this.logs.take(request, code);
    const consoleLines = new ConsoleCapture(this.limits.maxConsoleChars, ctx);
    const end = await runScript({
      code,
      callId: request.callId,
      session: request.sessionId,
      toolNames: this.toolNames,
      runChild: (child) => ctx.scope.executeChild(child),
      signal: ctx.signal,
      // The executor's deadline ends the call (and its children) first; the isolate's own, just
      // after, only frees the worker (see `RemoteIsolate`).
      deadline: performance.now() + this.limits.timeoutMs + ISOLATE_DEADLINE_MARGIN_MS,
      memoryBytes: this.limits.memoryBytes,
      stackBytes: this.limits.stackBytes,
      maxToolCalls: this.limits.maxToolCalls,
      ...(log === undefined ? {} : { replay: log }),
      now: Date.now(),
      seed: randomInt(0, 2 ** 32 - 1),
      onConsole: (level, text) => {
        consoleLines.add(level, text);
      },
      maxConsoleChars: this.limits.maxConsoleChars,
      onConsoleDropped: (count) => {
        consoleLines.drop(count);
      },
      declarations: this.declarations.declarations,
      missingDeclaration: this.declarations.missing,
    });
    if (end.type === 'interrupted') {
      await this.logs.save(request, code, next, end.log);
      return { status: 'interrupted', interruption: end.interruption };
    }
    return { status: 'completed', result: this.#finish(request, end, consoleLines) };
  }

  /** The body without the executor's outcome path: an interruption becomes a thrown `interrupted` error. */
  public async invoke(request: ToolRequest, ctx: ToolContext): Promise<ToolResult> {
    const outcome = await this.invokeOutcome(request, ctx);
    if (outcome.status === 'completed') return outcome.result;
    if (outcome.status === 'failed') throw outcome.error;
    throw new ToolError('interrupted', `The script paused: ${outcome.interruption.type}.`, {
      reason: outcome.interruption.type,
    });
  }

  #finish(
    request: ToolRequest,
    end: Exclude<ScriptRunEnd, { type: 'interrupted' }>,
    lines: ConsoleCapture,
  ): ToolResult {
    if (end.type === 'stopped') {
      switch (end.stop) {
        case 'timeout':
          throw failed(
            'interrupted',
            `The script was stopped after ${this.limits.timeoutMs} ms (its time limit, tool calls included). Do less per script.`,
            'timeout',
            { timeoutMs: this.limits.timeoutMs },
          );
        case 'cancelled':
          throw failed('interrupted', 'The script was cancelled.', 'cancelled');
        case 'tool_call_limit':
        case 'replay_diverged':
        case 'stalled':
          throw failed('execution_failed', `The script was stopped: ${end.message}.`, end.stop);
      }
    }
    const { end: scriptEnd } = end;
    switch (scriptEnd.type) {
      case 'syntax_error':
        throw failed(
          'invalid_input',
          `The script is not valid JavaScript: ${scriptEnd.message}. Write plain JavaScript (no TypeScript annotations, no import or export): the body of an async function.`,
          'syntax_error',
        );
      case 'threw':
        throw thrownError(scriptEnd.error);
      case 'not_json':
        throw failed(
          'execution_failed',
          `The script returned a value that is not JSON (${scriptEnd.message}). Return plain data: objects, arrays, strings, numbers, booleans or null.`,
          'result_not_json',
        );
      case 'interrupted':
        throw failed('interrupted', `The script was stopped after ${this.limits.timeoutMs} ms.`, 'timeout');
      case 'engine_failed':
        throw failed(
          'internal',
          `The script's isolate failed (${scriptEnd.message}); nothing of it is kept. Try a simpler script.`,
          'engine_failed',
        );
      case 'returned':
        break;
    }
    if (scriptEnd.json.length > this.limits.maxResultChars) {
      throw failed(
        'execution_failed',
        `The script returned ${scriptEnd.json.length} characters of JSON, more than the ${this.limits.maxResultChars} allowed. Return less (a summary, or the part that matters).`,
        'result_too_large',
      );
    }
    const value: CodeRunResult = {
      result: JSON.parse(scriptEnd.json) as JsonValue,
      console: lines.lines,
      consoleCut: lines.cut,
      toolCalls: end.calls,
    };
    return buildToolResult(
      request,
      { type: 'structured', value: value as unknown as JsonValue },
      {
        metadata: { memoryBytes: end.memoryBytes },
      },
    );
  }
}
