/*
 * The parts of Standard Schema v1 and Standard JSON Schema v1 (https://standardschema.dev,
 * `@standard-schema/spec`, MIT) this package reads, written out as the spec asks libraries to
 * do: the published types then name no package a user may not have installed.
 */

/** One issue of a failed Standard Schema validation. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What a Standard Schema `validate` answers. */
export type StandardResult =
  { readonly value: unknown; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardIssue> };

/**
 * A schema object implementing Standard Schema v1 (`~standard.validate`) and Standard JSON
 * Schema v1 (`~standard.jsonSchema`): a zod 4 schema, or a valibot one wrapped in
 * `toStandardJsonSchema` from `@valibot/to-json-schema`. The package reads it only through
 * `~standard`: it never imports a schema library. (`ToolOptions['input']` spells this shape out
 * for the public types, with `validate` answering `unknown`; a type test keeps this one
 * assignable to it.)
 * @internal
 */
export interface StandardInputSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
      options?: { readonly libraryOptions?: Record<string, unknown> | undefined },
    ) => StandardResult | PromiseLike<StandardResult>;
    readonly jsonSchema: {
      readonly input: (options: {
        readonly target: string;
        readonly libraryOptions?: Record<string, unknown> | undefined;
      }) => Record<string, unknown>;
    };
  };
}

/** True for any object with a `~standard` property (checked in detail at registration). */
export function hasStandardProps(value: unknown): value is { readonly '~standard': unknown } {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && '~standard' in value;
}
