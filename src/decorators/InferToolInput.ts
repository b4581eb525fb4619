import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** The input of a tool declared without `input`: an object with no properties. */
export type EmptyToolInput = Readonly<Record<string, never>>;

/** True for a schema whose `type` was widened to `string` (declared without `as const`). */
type IsWidened<TSchema> = TSchema extends { readonly type: infer TType } ? (string extends TType ? true : false) : false;

/**
 * The input `invoke(input, ctx)` and `@Preflight` get for the `input` option `TInput` of
 * `@Tool`: an instance of a DTO class; the type a literal JSON Schema describes (written
 * inline, or declared `as const`), via json-schema-to-ts's `FromSchema`; `unknown` (not
 * checked) for a schema whose type TypeScript has widened; {@link EmptyToolInput} without one.
 */
export type InferToolInput<TInput> = [TInput] extends [undefined]
  ? EmptyToolInput
  : TInput extends abstract new (...args: never[]) => infer TInstance
    ? TInstance
    : TInput extends JSONSchema
      ? IsWidened<TInput> extends true
        ? unknown
        : FromSchema<TInput>
      : unknown;

/** The input type of the `@Tool` options `TOptions`. */
export type ToolOptionsInput<TOptions> = TOptions extends { readonly input: infer TInput } ? InferToolInput<TInput> : EmptyToolInput;
