import type { ToolError } from '../errors/ToolError.js';
import type { RegisteredTool } from '../registry/RegisteredTool.js';
import { buildValidationError, getAjvIssues } from '../schema/buildValidationError.js';
import { checkInputLimits } from '../schema/checkInputLimits.js';
import { DEFAULT_INPUT_LIMITS } from '../schema/InputLimits.js';
import type { ToolRequest } from '../contract/ToolRequest.js';

/** Limits, then the compiled schema: anything refused here has not run. */
export function validateToolInput(entry: RegisteredTool, request: ToolRequest): ToolError | undefined {
  const { tool } = entry;
  const limits = tool.maxInputBytes === undefined ? DEFAULT_INPUT_LIMITS : { ...DEFAULT_INPUT_LIMITS, maxBytes: tool.maxInputBytes };
  const tooBig = checkInputLimits(request.toolName, request.input, limits);
  if (tooBig !== undefined) return tooBig;
  if (!entry.validateInput(request.input)) return buildValidationError(request.toolName, getAjvIssues(entry.validateInput.errors));
  return undefined;
}
