import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import { ToolError } from '../errors/ToolError.js';
import type { ToolErrorCode } from '../errors/ToolErrorCode.js';
import type { JsonObject } from '../values/JsonValue.js';
import { stringifyJson } from '../values/stringifyJson.js';
import type { DeniedRequest } from './evaluatePermissions.js';
import type { ExecutorErrorReason } from './ToolErrorReason.js';

/** A `failed` outcome, as every builder here answers it. */
type FailedOutcome = Extract<ToolExecutionOutcome, { status: 'failed' }>;

/** A failure's details: JSON, with its `reason` always one of {@link ExecutorErrorReason}. */
export type FailureDetails = JsonObject & { readonly reason: ExecutorErrorReason };

/**
 * The executor's one family of `failed` outcomes: every one is built here, from a code, a
 * message and details with their reason, or from a `ToolError` another part of the core raised
 * (validation, approvals, a tool's own throw).
 */
export function failed(code: ToolErrorCode, message: string, details: FailureDetails, invoked: boolean): FailedOutcome {
  return { status: 'failed', error: new ToolError(code, message, details), invoked };
}

/** A `failed` outcome for an error raised elsewhere (validation, approvals, a tool's throw). */
export function failedWith(error: ToolError, invoked: boolean): FailedOutcome {
  return { status: 'failed', error, invoked };
}

/**
 * A `failed` outcome for a call refused before any body ran (`invoked: false`), from the error
 * that says why: what built-ins outside the executor answer (provider arguments that are not JSON).
 * @internal
 */
export function refusedWith(error: ToolError): FailedOutcome & { readonly invoked: false } {
  return { status: 'failed', error, invoked: false };
}

/**
 * Any thrown value as a ToolError: a ToolError is kept; an `Error` becomes `fallback` with its
 * message; anything else (a string, a number, `undefined`) is described, never lost.
 */
export function toToolError(thrown: unknown, fallback: ToolErrorCode, prefix: string): ToolError {
  if (ToolError.is(thrown)) return thrown;
  if (thrown instanceof Error) {
    return new ToolError(fallback, `${prefix}: ${thrown.message}`, { errorName: thrown.name }, { cause: thrown });
  }
  let shown: string;
  try {
    shown = typeof thrown === 'string' ? thrown : (stringifyJson(thrown) ?? String(thrown));
  } catch {
    shown = String(thrown);
  }
  return new ToolError(
    fallback,
    `${prefix}: ${shown}`,
    { errorName: 'NonError', thrownType: typeof thrown },
    { cause: thrown },
  );
}

/**
 * `thrown` as a failure with `fallback` for its code; even a thrown value that throws when read
 * (a hostile proxy) ends the call cleanly, with `errorName: 'Unreadable'`.
 */
export function failedFrom(thrown: unknown, fallback: ToolErrorCode, prefix: string, invoked: boolean): FailedOutcome {
  try {
    return failedWith(toToolError(thrown, fallback, prefix), invoked);
  } catch {
    return failedWith(new ToolError(fallback, `${prefix}.`, { errorName: 'Unreadable' }), invoked);
  }
}

/** A fault of the executor, a checker, a store or a step: `internal`; `invoked` says whether the body had started. */
export function internalFailure(thrown: unknown, toolName: unknown, invoked: boolean): FailedOutcome {
  const prefix = invoked
    ? `The tool executor failed after running tool \`${String(toolName)}\``
    : 'The tool executor failed unexpectedly before running the tool';
  return failedFrom(thrown, 'internal', prefix, invoked);
}

/** The caller cancelled (or the executor closed) before the body started. */
export function cancelledBeforeStart(toolName: string): FailedOutcome {
  return failed('interrupted', `Tool \`${toolName}\` was cancelled before it started.`, { reason: 'cancelled' }, false);
}

/** The checks before the body (validation, preflight, permissions, approvals) outlasted their budget. */
export function checksTimedOut(toolName: string, timeoutMs: number): FailedOutcome {
  return failed(
    'interrupted',
    `Tool \`${toolName}\` was not started: checking the call (validation, preflight, permissions, approvals) took longer than its ${timeoutMs} ms budget. Nothing was run; try again, or give the call a longer timeout.`,
    { reason: 'timeout', timeoutMs, stage: 'checks' },
    false,
  );
}

/** The body outlasted its budget, or the caller cancelled it while it ran. */
export function bodyStopped(toolName: string, end: 'timeout' | 'cancelled', timeoutMs: number): FailedOutcome {
  if (end === 'cancelled')
    return failed('interrupted', `Tool \`${toolName}\` was cancelled while running.`, { reason: 'cancelled' }, true);
  return failed(
    'interrupted',
    `Tool \`${toolName}\` timed out after ${timeoutMs} ms and was stopped. Try a smaller task or a longer timeout.`,
    { reason: 'timeout', timeoutMs },
    true,
  );
}

const LISTED = 20;

/** The `not_found` failure for an unknown tool name, listing what exists. */
export function notFound(toolName: unknown, names: readonly string[]): FailedOutcome {
  const shown = names.slice(0, LISTED).join(', ');
  const more = names.length > LISTED ? `, and ${names.length - LISTED} more` : '';
  const message =
    names.length === 0
      ? `No tool named \`${String(toolName)}\`: no tools are registered.`
      : `No tool named \`${String(toolName)}\`. Available tools: ${shown}${more}. Call one of those by its exact name.`;
  return failedWith(
    new ToolError('not_found', message, { toolName: typeof toolName === 'string' ? toolName : null }),
    false,
  );
}

/** The `permission_denied` failure for a call with denied requests, naming each one. */
export function permissionDenied(toolName: string, denied: readonly DeniedRequest[]): FailedOutcome {
  const lines = denied.map((entry) => `- ${entry.request.summary()}: ${entry.reason}`);
  return failedWith(
    new ToolError(
      'permission_denied',
      `Tool \`${toolName}\` was not run: permission denied.\n${lines.join('\n')}\nDo not retry the same call; choose an action the policy allows or ask the user.`,
      {
        code: denied[0]?.code ?? 'denied',
        denied: denied.map((entry) => ({ request: entry.request.toJSON(), code: entry.code, reason: entry.reason })),
      },
    ),
    false,
  );
}
