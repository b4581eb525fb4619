import { ToolError } from '../../src/errors/ToolError.js';
import type { ToolErrorCode } from '../../src/errors/ToolErrorCode.js';
import type { JsonObject } from '../../src/values/JsonValue.js';

/** The code and details of the `ToolError` a promise rejects with; fails if it resolves. */
export async function getRefusal(promise: Promise<unknown>): Promise<{ code: ToolErrorCode; details: JsonObject }> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    if (ToolError.is(error)) {
      return { code: error.code, details: error.details };
    }
    throw error;
  }
  throw new Error(`Expected a ToolError refusal, but the promise resolved to ${JSON.stringify(value)}`);
}
