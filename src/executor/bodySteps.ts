import { isToolExecutionOutcome } from '../contract/isToolExecutionOutcome.js';
import { readLater, type Later } from '../contract/maybeAsync.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import { AuthRequiredError } from '../interrupt/AuthRequiredError.js';
import { buildValidationError, getAjvIssues } from '../schema/buildValidationError.js';
import { isToolResult } from '../values/isToolResult.js';
import { normalizeToolReturn } from '../values/normalizeToolReturn.js';
import type { ToolResult } from '../values/ToolResult.js';
import { CallContext } from './CallContext.js';
import { CallLink } from './CallLink.js';
import {
  answered,
  awaiting,
  ended,
  running,
  withResult,
  type AnsweredCall,
  type AwaitingCall,
  type ClearedCall,
  type ResultCall,
  type RunningCall,
} from './CallState.js';
import { defineStep } from './ExecutorStep.js';
import { monotonicNow } from './DeadlineRace.js';
import { cancelledBeforeStart, checksTimedOut, failed, failedFrom, failedWith, toToolError } from './failures.js';

/** The `auth_required` interruption for a tool that threw `AuthRequiredError`. */
function authInterruption(call: RunningCall, error: AuthRequiredError): ToolExecutionOutcome {
  const { request } = call;
  return {
    status: 'interrupted',
    interruption: {
      type: 'auth_required',
      auth: {
        id: crypto.randomUUID(),
        callId: request.callId,
        toolName: request.toolName,
        provider: error.provider,
        challenge: error.challenge,
        ...(error.scopes === undefined ? {} : { scopes: error.scopes }),
        ...(error.metadata === undefined ? {} : { metadata: error.metadata }),
      },
    },
  };
}

/** The body threw (or its promise rejected): an `AuthRequiredError` interrupts, anything else fails. Never throws. */
export function bodyThrew(call: RunningCall, thrown: unknown): ToolExecutionOutcome {
  ended(call);
  const { toolName } = call.request;
  // A question (or a sampling request) nobody could answer ends the call whatever the body threw.
  const { interruption } = call.context;
  if (interruption !== undefined) return { status: 'interrupted', interruption };
  try {
    if (AuthRequiredError.is(thrown)) return authInterruption(call, thrown);
    return failedWith(toToolError(thrown, 'execution_failed', `Tool \`${toolName}\` failed`), true);
  } catch {
    // The body ran: an end that cannot be read (a hostile thrown value) still says `invoked: true`.
    return failed(
      'internal',
      `Tool \`${toolName}\` ended in a way that could not be read.`,
      { reason: 'unreadable_end' },
      true,
    );
  }
}

/**
 * Starts the body, once every check passed in time and the caller has not cancelled, with a
 * budget of its own (`timeoutMs` from now): a `@Tool` class's own method (its value normalized
 * in `normalize`: see `RegisteredTool.classBody`), `invokeOutcome` when the tool has one (a
 * composing tool), else `invoke`. A body that answers synchronously goes straight on to `normalize`; a
 * promise (any thenable, its `then` read once) makes the call {@link AwaitingCall}: the runner
 * awaits it under that budget and the caller's signal (the context is aborted so the tool can stop).
 */
export const invoke = defineStep<ClearedCall, AnsweredCall | AwaitingCall>('invoke', (call) => {
  const now = monotonicNow();
  // The checks may have run synchronously past their deadline, or the caller cancelled meanwhile.
  if (now > call.deadline) return checksTimedOut(call.request.toolName, call.timeoutMs);
  if (call.signal?.aborted === true) return cancelledBeforeStart(call.request.toolName);
  const { request, services, tool, frame, options } = call;
  // A nested call speaks through its parent's link; a call with listeners or handlers of its own gets one.
  const link = frame.link ?? (CallLink.wanted(options) ? services.link.forCall(options) : services.link);
  const ctx = new CallContext(
    request,
    call.input,
    services.permissions,
    services.resources,
    frame,
    services.scope,
    call.signal !== undefined,
    link,
  );
  // What this call's own preflight planned (see `PlannedRequests`), handed over only here.
  ctx.plan = call.plan;
  const body = running(call, ctx, now);
  let later: Later<unknown> | undefined;
  let value: unknown;
  try {
    const { classBody } = call.entry;
    if (classBody !== undefined) value = classBody(ctx);
    else value = tool.invokeOutcome === undefined ? tool.invoke(request, ctx) : tool.invokeOutcome(request, ctx);
    later = readLater(value);
  } catch (thrown) {
    return bodyThrew(body, thrown);
  }
  if (later === undefined) return answered(body, value);
  return awaiting(body, later);
});

/**
 * A well-formed result (checked, unless the core just built it for this call from a class's
 * value), checked against the tool's output schema and given the call's id.
 */
function accept(call: AnsweredCall, value: unknown, built: boolean): ResultCall | ToolExecutionOutcome {
  const { request, entry } = call;
  if (!built && !isToolResult(value)) {
    return failed(
      'internal',
      `Tool \`${request.toolName}\` returned something that is not a ToolResult.`,
      { reason: 'invalid_result' },
      true,
    );
  }
  const checked = value as ToolResult;
  const { output } = checked.result;
  if (entry.validateOutput !== undefined && output.type === 'structured' && !entry.validateOutput(output.value)) {
    const error = buildValidationError(request.toolName, getAjvIssues(entry.validateOutput.errors), 'Output');
    return failed(
      'execution_failed',
      `Tool \`${request.toolName}\` returned a result that does not match its declared output schema. ${error.message}`,
      { reason: 'output_schema', ...error.details },
      true,
    );
  }
  const result: ToolResult =
    checked.result.callId === request.callId
      ? checked
      : { ...checked, result: { ...checked.result, callId: request.callId } };
  return withResult(call, result);
}

/**
 * What the body answered: a class's value (normalized here, once), `invoke`'s ToolResult, or
 * `invokeOutcome`'s outcome (a child's `interrupted` passes up).
 */
function read(call: AnsweredCall): ResultCall | ToolExecutionOutcome {
  const { answer, request } = call;
  // The body asked a question nobody could answer, and went on anyway: the call still waits for the answer.
  const { interruption } = call.context;
  if (interruption !== undefined) return { status: 'interrupted', interruption };
  if (call.entry.classBody !== undefined) {
    return accept(call, normalizeToolReturn(answer, request.callId, request.toolName), true);
  }
  if (call.tool.invokeOutcome === undefined) return accept(call, answer, false);
  if (!isToolExecutionOutcome(answer)) {
    return failed(
      'internal',
      `Tool \`${call.request.toolName}\` returned something that is not a ToolExecutionOutcome from invokeOutcome.`,
      { reason: 'invalid_outcome' },
      true,
    );
  }
  switch (answer.status) {
    case 'completed':
      return accept(call, answer.result, false);
    case 'failed':
      // The parent's body ran, whatever its child did.
      return answer.invoked ? answer : failedWith(answer.error, true);
    case 'interrupted':
      return answer;
  }
}

/** The body's answer as this call's ToolResult, or the outcome that ends the call. */
export const normalize = defineStep<AnsweredCall, ResultCall>('normalize', (call) => {
  try {
    return read(call);
  } catch (thrown) {
    return failedFrom(
      thrown,
      'internal',
      `Tool \`${call.request.toolName}\` returned a result that could not be read`,
      true,
    );
  }
});

/** The completed outcome: the result, timed from the call's start. */
export const time = defineStep<ResultCall, never>('time', (call): ToolExecutionOutcome => {
  const { result } = call;
  return {
    status: 'completed',
    result: { result: result.result, durationMs: monotonicNow() - call.started, metadata: result.metadata },
  };
});
