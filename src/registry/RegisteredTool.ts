import type { ValidateFunction } from 'ajv';
import type { Tool } from '../decorators/Tool.js';
import type { InputLimits } from '../schema/InputLimits.js';

/** A tool with what the executor needs to run it, compiled once at registration. */
export interface RegisteredTool {
  readonly tool: Tool;
  readonly source: string;
  readonly validateInput: ValidateFunction;
  /** Absent (`undefined`) when the tool declares no output schema; always a key, so every entry has one shape. */
  readonly validateOutput: ValidateFunction | undefined;
  /** The bounds of its input: the defaults, with the tool's `maxInputBytes` when it sets one. */
  readonly inputLimits: InputLimits;
  /**
   * Whether `invoke` answers only results the core built for the call it was given (a `@Tool`
   * class's: `ClassTool` normalizes what the class returned): the executor need not check their
   * shape again. False for any other tool, whose results are checked.
   */
  readonly buildsResults: boolean;
}
