import type { ToolContext } from '../contract/ToolContext.js';

/**
 * A class `@Tool` accepts for the input type `TInput`: its `invoke(input, ctx)` (and
 * `invokeOutcome`, when it has one) must take `TInput` (a parameter of another type does not
 * compile); when the input type is `unknown` (a widened schema) it is not checked.
 * Constructors may take anything the container injects.
 */
export type ToolClass<TInput = unknown> = abstract new (...args: never[]) => unknown extends TInput
  ? { readonly invoke: (...args: never[]) => unknown }
  : {
      // Properties, not methods: TypeScript then checks the parameters strictly (contravariantly).
      readonly invoke: (input: TInput, ctx: ToolContext<TInput>) => unknown;
      readonly invokeOutcome?: (input: TInput, ctx: ToolContext<TInput>) => unknown;
    };
