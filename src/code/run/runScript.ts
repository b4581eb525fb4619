import type { JsonValue, ToolExecutionOutcome, ToolInterruption } from '../../index.js';
import { canonicalJson } from '../../internal/index.js';
import { RemoteIsolate } from '../isolate/RemoteIsolate.js';
import type { LoggedCall, SettledCall } from './CodeLog.js';
import type { ScriptRunEnd, ScriptStop } from './ScriptRunEnd.js';
import type { ScriptRunOptions } from './ScriptRunOptions.js';
import { toScriptValue } from './toScriptValue.js';

/** The longest input one `tools.x(input)` may hand the host, in characters of JSON text. */
const MAX_CALL_INPUT_CHARS = 8 * 1024 * 1024;

function failure(
  tool: string,
  code: 'not_found' | 'invalid_input' | 'internal',
  message: string,
  reason: string,
): SettledCall {
  return { ok: false, error: { code, message, reason, details: { reason }, tool } };
}

/** The callable tools' names, for a message (the first 30). */
function describeNames(names: readonly string[]): string {
  if (names.length === 0) return '(none)';
  const shown = names.slice(0, 30).join(', ');
  return names.length > 30 ? `${shown} and ${names.length - 30} more` : shown;
}

/** What the script sees of a child's outcome (an interruption is never delivered: the run pauses). */
function toSettled(toolName: string, outcome: ToolExecutionOutcome): SettledCall | undefined {
  if (outcome.status === 'completed') return { ok: true, value: toScriptValue(outcome.result) };
  if (outcome.status === 'interrupted') return undefined;
  const { error } = outcome;
  const reason = error.details['reason'];
  return {
    ok: false,
    error: {
      code: error.code,
      message: error.message,
      ...(typeof reason === 'string' ? { reason } : {}),
      details: error.details,
      tool: toolName,
    },
  };
}

/**
 * One run of a script: the isolate and the calls it makes, each a child call through the
 * executor. Answers reach the script in the order it made the calls, whatever order they
 * finish in, so a run depends only on its answers: a replay that gives the same answers
 * makes the same calls. Calls the replayed log holds are answered from it; a call the log
 * holds that the script now makes differently stops the run (`replay_diverged`) before it runs.
 * A child's interruption pauses the run: nothing more starts, the calls in flight finish and
 * are recorded, and the run ends with the first interruption and its log.
 */
export async function runScript(options: ScriptRunOptions): Promise<ScriptRunEnd> {
  const replay = options.replay;
  const logged = new Map<number, LoggedCall>((replay?.calls ?? []).map((call) => [call.index, call]));
  const seed = replay?.seed ?? options.seed;
  const now = replay?.now ?? options.now;
  const allowed = new Set(options.toolNames);
  const answered = new Map<number, SettledCall>();
  const record: LoggedCall[] = [];
  let delivered = 0;
  let inFlight = 0;
  let paused: { index: number; interruption: ToolInterruption; toolName: string; input: JsonValue } | undefined;
  let stop: { stop: ScriptStop; message: string } | undefined;
  let wake: () => void = () => undefined;
  let woken = new Promise<void>((resolve) => (wake = resolve));
  const nudge = (): void => {
    wake();
    woken = new Promise<void>((resolve) => (wake = resolve));
  };
  const onAbort = (): void => {
    nudge();
  };
  options.signal.addEventListener('abort', onAbort);

  const stopWith = (kind: ScriptStop, message: string): void => {
    stop ??= { stop: kind, message };
    isolate.stop();
  };

  const start = (index: number, toolName: string, input: JsonValue): void => {
    inFlight++;
    const settle = (outcome: ToolExecutionOutcome): void => {
      const settled = toSettled(toolName, outcome);
      if (settled !== undefined) {
        record.push({ index, toolName, input, settled });
        answered.set(index, settled);
      } else if (outcome.status === 'interrupted' && (paused === undefined || index < paused.index)) {
        paused = { index, interruption: outcome.interruption, toolName, input };
      }
    };
    options.runChild({ toolName, input, callId: `${options.callId}/${index + 1}` }).then(
      (outcome) => {
        settle(outcome);
        inFlight--;
        nudge();
      },
      (thrown: unknown) => {
        // The executor answers outcomes; a rejection is a fault of the host's own steps.
        answered.set(
          index,
          failure(toolName, 'internal', `tools.${toolName} failed inside the host: ${String(thrown)}`, 'child_threw'),
        );
        inFlight--;
        nudge();
      },
    );
  };

  const onCall = (index: number, toolName: string, inputJson: string): void => {
    if (stop !== undefined || paused !== undefined) return;
    if (index >= options.maxToolCalls) {
      stopWith(
        'tool_call_limit',
        `the script made more than ${options.maxToolCalls} tool calls; make fewer calls per script (batch work into fewer calls, or split the task over several scripts)`,
      );
      return;
    }
    if (!allowed.has(toolName)) {
      answered.set(
        index,
        failure(
          toolName,
          'not_found',
          `tools.${toolName} is not a tool this script may call. Callable: ${describeNames(options.toolNames)}.`,
          'unknown_tool',
        ),
      );
      return;
    }
    if (inputJson.length > MAX_CALL_INPUT_CHARS) {
      answered.set(
        index,
        failure(
          toolName,
          'invalid_input',
          `the input given to tools.${toolName} is ${inputJson.length} characters of JSON, more than the ${MAX_CALL_INPUT_CHARS} a call may take.`,
          'call_input_too_large',
        ),
      );
      return;
    }
    const input = JSON.parse(inputJson) as JsonValue;
    const before = logged.get(index) ?? (replay?.pending.index === index ? replay.pending : undefined);
    if (
      before !== undefined &&
      (before.toolName !== toolName || canonicalJson(before.input) !== canonicalJson(input))
    ) {
      stopWith(
        'replay_diverged',
        `on resume the script made call ${index + 1} as tools.${toolName} with another input than the paused run's tools.${before.toolName}; nothing was run for it. A resumed script must make the same calls in the same order (it may not depend on anything but the answers of its calls)`,
      );
      return;
    }
    const known = logged.get(index);
    if (known !== undefined) {
      record.push(known);
      answered.set(index, known.settled);
      return;
    }
    start(index, toolName, input);
  };

  const isolate = RemoteIsolate.start(
    {
      session: options.session,
      memoryBytes: options.memoryBytes,
      stackBytes: options.stackBytes,
      deadline: options.deadline,
      toolNames: options.toolNames,
      maxToolCalls: options.maxToolCalls,
      maxConsoleChars: options.maxConsoleChars,
      seed,
      now,
      declarations: options.declarations,
      missing: options.missingDeclaration,
    },
    options.code,
    { onCall, onConsole: options.onConsole, onConsoleDropped: options.onConsoleDropped, onChange: nudge },
  );
  try {
    for (;;) {
      // Answers go in in the order the calls were made.
      while (paused === undefined && stop === undefined && isolate.end === undefined) {
        const next = answered.get(delivered);
        if (next === undefined) break;
        answered.delete(delivered);
        delivered++;
        isolate.settle(delivered - 1, JSON.stringify(next));
      }
      if (options.signal.aborted) {
        return { type: 'stopped', stop: 'cancelled', message: 'the call was cancelled or its time was up' };
      }
      if (performance.now() > options.deadline && isolate.end === undefined) {
        stopWith('timeout', 'the script ran out of time');
      }
      // The engine is still running what it was given, or calls are: wait for either to move.
      if (inFlight > 0 || isolate.busy) {
        await woken;
        continue;
      }
      if (stop !== undefined) return { type: 'stopped', ...stop };
      if (paused !== undefined) {
        const { index, interruption, toolName, input } = paused;
        return {
          type: 'interrupted',
          interruption,
          log: { seed, now, calls: [...record].sort((a, b) => a.index - b.index), pending: { index, toolName, input } },
        };
      }
      const end = isolate.end;
      if (end !== undefined) {
        if (end.type === 'interrupted') {
          return { type: 'stopped', stop: 'timeout', message: 'the script ran out of time' };
        }
        return { type: 'ended', end, calls: isolate.calls, memoryBytes: isolate.memoryBytes };
      }
      if (!answered.has(delivered)) {
        return {
          type: 'stopped',
          stop: 'stalled',
          message:
            'the script is waiting for something that can never happen (a promise nothing settles); await only tool calls and promises of your own that settle',
        };
      }
    }
  } finally {
    options.signal.removeEventListener('abort', onAbort);
    isolate.release();
  }
}
