import type { JsonValue } from '../values/JsonValue.js';

/**
 * What a running tool says before it returns, plain JSON: `progress` (`ctx.progress`), `log`
 * (`ctx.log`) and `output`, a piece of partial output (`ctx.output`; `shell_exec` sends
 * `{ stream: 'stdout' | 'stderr', text }`). `callId` names the call that emitted it: a nested
 * call's own id when a child of the call spoke. Heard by `execute(request, { onEvent })` and
 * `ExecutorObserver.onEvent`, in the order they were emitted, never after the call's outcome.
 */
export type ToolEvent =
  | {
      readonly type: 'progress';
      readonly callId: string;
      /** How far the work is; grows with every progress event of a call. */
      readonly progress: number;
      /** The total `progress` will reach, when known. */
      readonly total?: number;
      /** What is being done now, for a person. */
      readonly message?: string;
    }
  | {
      readonly type: 'log';
      readonly callId: string;
      /** MCP's log levels, from the least to the most severe (RFC 5424's syslog severities). */
      readonly level: 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
      /** The message or data to log (a string, or any JSON value). */
      readonly data: JsonValue;
    }
  | {
      readonly type: 'output';
      readonly callId: string;
      /** A piece of partial output; the final result still carries the whole (bounded) output. */
      readonly chunk: JsonValue;
    };

/**
 * MCP's log levels (`ctx.log`'s first argument), by name for the core's own code.
 * @internal
 */
export type ToolLogLevel = Extract<ToolEvent, { readonly type: 'log' }>['level'];
