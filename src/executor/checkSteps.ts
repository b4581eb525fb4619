import { isToolRequest } from '../contract/isToolRequest.js';
import { isThenable } from '../contract/maybeAsync.js';
import { MAX_TIMEOUT_MS } from '../contract/MAX_TIMEOUT_MS.js';
import type { PreflightResult } from '../contract/PreflightResult.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import { ToolError } from '../errors/ToolError.js';
import { buildValidationError, getAjvIssues } from '../schema/buildValidationError.js';
import { checkInputLimits } from '../schema/checkInputLimits.js';
import {
  checked,
  found,
  limited,
  parsed,
  preflighted,
  validated,
  type CheckedCall,
  type FoundCall,
  type LimitedCall,
  type ParsedCall,
  type PreflightedCall,
  type StartedCall,
  type ValidatedCall,
} from './CallState.js';
import { defineStep } from './ExecutorStep.js';
import { checkExecuteOptions, NO_OPTIONS } from './ExecuteOptions.js';
import { cancelledBeforeStart, failed, failedFrom, failedWith, notFound } from './failures.js';

/**
 * The call as it was made: a request with string ids and an input, no deeper than
 * `maxNestingDepth`, and the host's per-call options, when it gave any, as the executor can
 * trust them (see `checkExecuteOptions`).
 */
export const checkCall = defineStep('checkCall', (call: StartedCall): CheckedCall | ToolExecutionOutcome => {
  const { request, services } = call;
  if (!isToolRequest(request)) {
    return failed(
      'invalid_input',
      'The tool request is malformed: it needs string callId, toolName, sessionId and turnId, and an input.',
      { reason: 'malformed_request' },
      false,
    );
  }
  if (call.frame.depth > services.maxNestingDepth) {
    return failed(
      'execution_failed',
      `Tool \`${request.toolName}\` was not run: nested tool calls may go ${services.maxNestingDepth} levels deep, and this call would be deeper. Call it directly instead.`,
      { reason: 'max_nesting_depth', maxNestingDepth: services.maxNestingDepth },
      false,
    );
  }
  if (call.options === NO_OPTIONS) return checked(call, NO_OPTIONS);
  const options = checkExecuteOptions(call.options);
  return options instanceof ToolError ? failedWith(options, false) : checked(call, options);
});

/** The tool the request names, in the catalog's registry of now; an unknown name lists what exists. */
export const lookUp = defineStep('lookUp', (call: CheckedCall): FoundCall | ToolExecutionOutcome => {
  const { registry } = call.services.catalog;
  const entry = registry.getEntry(call.request.toolName);
  return entry === undefined ? notFound(call.request.toolName, registry.names()) : found(call, entry);
});

/**
 * The call's limits. Its signal (its own, or its parent's): a call cancelled already ends here.
 * Its budget (its own, the tool's, or the executor's default): from here on the checks have
 * until `started + timeoutMs`. Its input's size and depth, before the schema reads it (the
 * tool's limits, computed at registration).
 */
export const checkLimits = defineStep('checkLimits', (call: FoundCall): LimitedCall | ToolExecutionOutcome => {
  const { options, request, entry } = call;
  const signal = options.signal ?? call.frame.parentSignal;
  if (signal?.aborted === true) return cancelledBeforeStart(request.toolName);
  const timeoutMs = options.timeoutMs ?? entry.tool.timeoutMs ?? call.services.defaultTimeoutMs;
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    return failed(
      'internal',
      `timeoutMs must be a number of milliseconds between 1 and ${MAX_TIMEOUT_MS}; got ${String(timeoutMs)}.`,
      { reason: 'invalid_timeout' },
      false,
    );
  }
  const tooBig = checkInputLimits(request.toolName, request.input, entry.inputLimits);
  return tooBig === undefined ? limited(call, signal, timeoutMs) : failedWith(tooBig, false);
});

/** The input against the tool's compiled input schema. */
export const validateInput = defineStep('validateInput', (call: LimitedCall): ValidatedCall | ToolExecutionOutcome => {
  const { validateInput: validate } = call.entry;
  if (validate(call.request.input)) return validated(call);
  return failedWith(buildValidationError(call.request.toolName, getAjvIssues(validate.errors)), false);
});

function parseFailure(call: ValidatedCall, thrown: unknown): ToolExecutionOutcome {
  return failedFrom(thrown, 'invalid_input', `Input for tool \`${call.request.toolName}\` is invalid`, false);
}

/** The tool's own parsing (class tools build their input instance here); a refusal is `invalid_input`. */
export const parseInput = defineStep('parseInput', (call: ValidatedCall) => {
  const { tool } = call;
  if (tool.parseInput === undefined) return parsed(call, call.request.input);
  try {
    const input = tool.parseInput(call.request);
    if (!isThenable(input)) return parsed(call, input);
    return Promise.resolve(input).then(
      (resolved) => parsed(call, resolved),
      (thrown: unknown) => parseFailure(call, thrown),
    );
  } catch (thrown) {
    return parseFailure(call, thrown);
  }
});

const NOTHING_PROPOSED: PreflightResult = Object.freeze([]);

/** The tool's preflight threw (a ToolError keeps its code) or proposed something malformed. */
export function preflightFailure(call: ParsedCall, thrown: unknown): ToolExecutionOutcome {
  return failedFrom(thrown, 'internal', `Preflight of tool \`${call.request.toolName}\` failed`, false);
}

/** The tool's preflight: what the call would do, described before anything happens (`permit` reads it). */
export const preflight = defineStep('preflight', (call: ParsedCall) => {
  const { tool } = call;
  if (tool.proposedRequests === undefined) return preflighted(call, NOTHING_PROPOSED);
  try {
    const result = tool.proposedRequests(call.request, call.input);
    if (!isThenable(result)) return preflighted(call, result);
    return Promise.resolve(result).then(
      (resolved): PreflightedCall => preflighted(call, resolved),
      (thrown: unknown) => preflightFailure(call, thrown),
    );
  } catch (thrown) {
    return preflightFailure(call, thrown);
  }
});
