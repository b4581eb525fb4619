import { ToolError } from '../errors/ToolError.js';
import type { ToolErrorCode } from '../errors/ToolErrorCode.js';
import type { JsonObject } from '../values/JsonValue.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';

/** A `failed` outcome. */
export function failure(error: ToolError, invoked: boolean): ToolExecutionOutcome {
  return { status: 'failed', error, invoked };
}

/** A `failed` outcome built from its parts. */
export function failed(code: ToolErrorCode, message: string, details: JsonObject, invoked: boolean): ToolExecutionOutcome {
  return { status: 'failed', error: new ToolError(code, message, details), invoked };
}
