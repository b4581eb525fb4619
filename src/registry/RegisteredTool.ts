import type { ValidateFunction } from 'ajv';
import type { Tool } from './Tool.js';

/** A tool with what the executor needs to run it, compiled once at registration. */
export interface RegisteredTool {
  readonly tool: Tool;
  readonly source: string;
  readonly validateInput: ValidateFunction;
  readonly validateOutput?: ValidateFunction;
}
