import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * The input `invoke(input, ctx)` and `@Preflight` get for the `input` option `TInput` of
 * `@Tool`: an instance of a DTO class; a Standard Schema's output type (zod's `z.output`,
 * valibot's `v.InferOutput`: defaults filled in, transforms applied; `unknown` when the schema
 * declares no types); the type a literal JSON Schema describes (written
 * inline, or declared `as const`), via json-schema-to-ts's `FromSchema`; `unknown` (not
 * checked) for a schema whose `type` TypeScript has widened to `string` (declared without
 * `as const`); an object with no properties (`Readonly<Record<string, never>>`) without one.
 */
export type InferToolInput<TInput> = [TInput] extends [undefined]
  ? Readonly<Record<string, never>>
  : TInput extends abstract new (...args: never[]) => infer TInstance
    ? TInstance
    : TInput extends { readonly '~standard': { readonly types?: infer TTypes } }
      ? [NonNullable<TTypes>] extends [never]
        ? unknown
        : NonNullable<TTypes> extends { readonly output: infer TOutput }
          ? TOutput
          : unknown
      : TInput extends JSONSchema
        ? TInput extends { readonly type: infer TType }
          ? string extends TType
            ? unknown
            : FromSchema<TInput>
          : FromSchema<TInput>
        : unknown;

/** The input type of the `@Tool` options `TOptions` (see {@link InferToolInput}). */
export type ToolOptionsInput<TOptions> = TOptions extends { readonly input: infer TInput }
  ? InferToolInput<TInput>
  : InferToolInput<undefined>;
