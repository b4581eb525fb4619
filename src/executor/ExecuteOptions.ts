import type { ElicitationResult } from '../interrupt/Elicitation.js';
import { MAX_TIMEOUT_MS } from '../contract/MAX_TIMEOUT_MS.js';
import type { SamplingRequest, SamplingResult } from '../contract/Sampling.js';
import type { ToolEvent } from '../contract/ToolEvent.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { JsonObject } from '../values/JsonValue.js';
import { ToolError } from '../errors/ToolError.js';
import type { ExecutorErrorReason } from './ToolErrorReason.js';

/**
 * Per-call options for `ToolExecutor.execute` / `executeApproved`. Malformed options (not an
 * object, a `signal` that is not an `AbortSignal`, a `timeoutMs` that is not a number of
 * milliseconds from 1 to 2,147,483,647) end the call `failed`, `invalid_input`, without running it.
 */
export interface ExecuteOptions {
  /** Aborting it cancels the call (`interrupted`, `details.reason: 'cancelled'`). */
  readonly signal?: AbortSignal;
  /**
   * Overrides the tool's and the executor's default timeout for this call. It is the body's
   * budget, counted from when the body starts; the checks before it (validation, preflight,
   * permissions, approval store) have a budget of the same length of their own, and past it the
   * call ends `interrupted` (`details.stage: 'checks'`) with `invoked: false`.
   */
  readonly timeoutMs?: number;
  /**
   * Hears the call's events (`ctx.progress`, `ctx.log`, `ctx.output`) and its nested calls'
   * (each with its own `callId`), in order, synchronously as they are emitted and never after
   * the outcome. What it throws is ignored; it should return quickly (it runs on the tool's turn).
   */
  readonly onEvent?: (event: ToolEvent) => void;
  /**
   * Asks the person this call's questions (`ctx.elicit`; its nested calls' too) instead of the
   * executor's `ELICITATION_HANDLER` (the shape a host implements to bind one). `request` is the
   * asking call (a nested call's own); `signal` aborts when the call is cancelled or times out.
   * What it answers is checked against the question's schema before the tool sees it; a handler
   * that throws or answers something malformed fails the question (the tool sees a `ToolError`).
   */
  readonly elicitation?: {
    elicit(
      question: { readonly message: string; readonly schema: JsonObject },
      request: ToolRequest,
      signal: AbortSignal,
    ): Promise<ElicitationResult>;
  };
  /**
   * Answers this call's sampling requests (`ctx.sample`) with a model, instead of the executor's
   * `SAMPLING_HANDLER` (the shape a host implements to bind one). Its answer is checked (text
   * content, a model name) before the tool sees it.
   */
  readonly sampling?: {
    sample(request: SamplingRequest, call: ToolRequest, signal: AbortSignal): Promise<SamplingResult>;
  };
}

/** The options of a call made without any: nothing to check. */
export const NO_OPTIONS: ExecuteOptions = Object.freeze({});

/**
 * Whether `value` is a real `AbortSignal`, not merely an object whose prototype chain says so
 * (`Object.create(AbortSignal.prototype)`, a proxy): the platform's own getter refuses those.
 */
function isAbortSignal(value: unknown): value is AbortSignal {
  if (!(value instanceof AbortSignal)) return false;
  try {
    // `AbortSignal.prototype.aborted`'s getter, run on `value`, throws unless it is a real signal
    Reflect.get(AbortSignal.prototype, 'aborted', value);
    return true;
  } catch {
    return false;
  }
}

function refuse(reason: ExecutorErrorReason, message: string): ToolError {
  return new ToolError('invalid_input', `The call options are invalid: ${message}. Nothing was run.`, { reason });
}

/**
 * The host's per-call options as the executor can trust them, or the `invalid_input` error that
 * refuses the call: options must be an object, `signal` a real `AbortSignal` (an object that
 * only looks like one can fail to report an abort, or throw later), `timeoutMs` a number of
 * milliseconds from 1 to {@link MAX_TIMEOUT_MS}. Never throws, even for hostile getters.
 */
export function checkExecuteOptions(options: unknown): ExecuteOptions | ToolError {
  if (typeof options !== 'object' || options === null) {
    return refuse('invalid_options', `options must be an object, got ${options === null ? 'null' : typeof options}`);
  }
  let signal: unknown;
  let timeoutMs: unknown;
  let onEvent: unknown;
  let elicitation: unknown;
  let sampling: unknown;
  try {
    ({ signal, timeoutMs, onEvent, elicitation, sampling } = options as Record<string, unknown>);
  } catch {
    return refuse('invalid_options', 'reading signal, timeoutMs, onEvent, elicitation or sampling threw');
  }
  if (signal !== undefined && !isAbortSignal(signal)) {
    return refuse('invalid_signal', 'signal must be an AbortSignal (for example `new AbortController().signal`)');
  }
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    return refuse(
      'invalid_timeout',
      `timeoutMs must be a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}; got ${typeof timeoutMs === 'number' ? String(timeoutMs) : typeof timeoutMs}`,
    );
  }
  if (onEvent !== undefined && typeof onEvent !== 'function') {
    return refuse('invalid_options', 'onEvent must be a function (event) => void');
  }
  if (!isHandler(elicitation, 'elicit')) {
    return refuse('invalid_options', 'elicitation must be an object with an elicit(question, request, signal) method');
  }
  if (!isHandler(sampling, 'sample')) {
    return refuse('invalid_options', 'sampling must be an object with a sample(request, call, signal) method');
  }
  const checked: { -readonly [K in keyof ExecuteOptions]: ExecuteOptions[K] } = {};
  if (signal !== undefined) checked.signal = signal;
  if (timeoutMs !== undefined) checked.timeoutMs = timeoutMs;
  if (onEvent !== undefined) checked.onEvent = onEvent as (event: ToolEvent) => void;
  if (elicitation !== undefined) checked.elicitation = elicitation as ElicitationHandler;
  if (sampling !== undefined) checked.sampling = sampling as SamplingHandler;
  return checked;
}

/** Whether `value` is absent or an object with a `method` function (a host handler). Never throws. */
function isHandler(value: unknown, method: string): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null) return false;
  try {
    return typeof (value as Record<string, unknown>)[method] === 'function';
  } catch {
    return false;
  }
}

/**
 * What answers `ctx.elicit` (see {@link ExecuteOptions.elicitation}), by name for the core's own code.
 * @internal
 */
export type ElicitationHandler = NonNullable<ExecuteOptions['elicitation']>;

/**
 * What answers `ctx.sample` (see {@link ExecuteOptions.sampling}), by name for the core's own code.
 * @internal
 */
export type SamplingHandler = NonNullable<ExecuteOptions['sampling']>;
