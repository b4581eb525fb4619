import type { JsonObject, JsonValue, ToolErrorCode } from '../../index.js';

/** A tool call's answer as the script saw it: its value, or the failure thrown into the script. */
export type SettledCall =
  { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly error: ScriptCallFailure };

/** A failed call as the script's `ToolCallError` carries it. */
export interface ScriptCallFailure {
  /** The `ToolErrorCode`. */
  readonly code: ToolErrorCode;
  /** The error's message, for the model. */
  readonly message: string;
  /** `details.reason`, when the error has one. */
  readonly reason?: string;
  /** The error's details. */
  readonly details: JsonObject;
  /** The tool that failed. */
  readonly tool: string;
}

/** One call the script made, recorded: which tool, with which input, and what it answered. */
export interface LoggedCall {
  /** Its place among the run's calls, from 0 (the child's call id is `<code_run callId>/<index + 1>`). */
  readonly index: number;
  readonly toolName: string;
  readonly input: JsonValue;
  readonly settled: SettledCall;
}

/**
 * What a paused script's resume replays, plain JSON: the clock and the random seed it ran
 * with, the calls that finished (answered from here on replay, never run again), and the call
 * that stopped it (run for real on resume, and only if the script makes that same call again).
 */
export interface CodeLog {
  readonly seed: number;
  readonly now: number;
  readonly calls: readonly LoggedCall[];
  readonly pending: { readonly index: number; readonly toolName: string; readonly input: JsonValue };
}
