import type { ValidateFunction } from 'ajv';
import type { ToolContext } from '../contract/ToolContext.js';
import type { Tool } from '../contract/Tool.js';

/** A tool with what the executor needs to run it, compiled once at registration. */
export interface RegisteredTool {
  readonly tool: Tool;
  readonly source: string;
  readonly validateInput: ValidateFunction;
  readonly validateOutput?: ValidateFunction;
  /**
   * For `@Tool` classes: calls the class's `invoke` and returns its raw value, which the
   * executor normalizes itself (one promise fewer per call than `tool.invoke`).
   */
  readonly invokeValue?: (ctx: ToolContext) => unknown;
}
