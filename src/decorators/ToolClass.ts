import type { ToolContext } from '../contract/ToolContext.js';

/** The instance side `@Tool` checks: `invoke` (and `invokeOutcome`) must accept `TInput`. */
export interface TypedToolInstance<TInput> {
  // Properties, not methods: TypeScript then checks the parameters strictly (contravariantly).
  readonly invoke: (input: TInput, ctx: ToolContext<TInput>) => unknown;
  readonly invokeOutcome?: (input: TInput, ctx: ToolContext<TInput>) => unknown;
}

/** The instance side when the input type is unknown (a widened schema): not checked. */
export interface UntypedToolInstance {
  readonly invoke: (...args: never[]) => unknown;
}

/**
 * A class `@Tool` accepts for the input type `TInput`: its `invoke(input, ctx)` must take
 * `TInput` (a parameter of another type does not compile). Constructors may take anything the
 * container injects.
 */
export type ToolClass<TInput = unknown> = abstract new (...args: never[]) => unknown extends TInput ? UntypedToolInstance : TypedToolInstance<TInput>;
