import type { SchemaValidator } from '../metadata/SchemaValidator.js';
import type { ToolContext } from '../contract/ToolContext.js';
import type { Tool } from '../decorators/Tool.js';
import type { InputLimits } from '../schema/InputLimits.js';

/** A tool with what the executor needs to run it, compiled once at registration. */
export interface RegisteredTool {
  readonly tool: Tool;
  readonly source: string;
  readonly validateInput: SchemaValidator;
  /** Absent (`undefined`) when the tool declares no output schema; always a key, so every entry has one shape. */
  readonly validateOutput: SchemaValidator | undefined;
  /** The bounds of its input: the defaults, with the tool's `maxInputBytes` when it sets one. */
  readonly inputLimits: InputLimits;
  /**
   * A `@Tool` class's own `invoke` (undefined for any other tool, and for a composing class with
   * `invokeOutcome`), which the executor runs itself: whatever it returns (text, JSON, a
   * `ToolOutput` or a `ToolResult`, now or later) is normalized once, in the `normalize` step,
   * into a well-formed result for the call, and a later value is awaited as the class's own
   * promise (none of the core's on top). `tool.invoke` answers the same for any other caller.
   */
  readonly classBody: ((ctx: ToolContext) => unknown) | undefined;
}
