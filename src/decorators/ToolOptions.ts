import type { Constructor } from '../metadata/Constructor.js';
import type { ToolAnnotations } from '../spec/ToolAnnotations.js';
import type { JsonObject, MetadataMap } from '../values/JsonValue.js';

/** The options of `@Tool`. */
export interface ToolOptions {
  /** A valid tool name: lowercase ASCII letters and digits joined by `.`, `_` or `-`. */
  readonly name: string;
  /** What the tool does, written for the model. */
  readonly description: string;
  /**
   * A class-validator DTO class, an explicit JSON Schema, or a Standard Schema that gives its
   * JSON Schema (a zod 4 object, a valibot one wrapped in `toStandardJsonSchema`). Default: no
   * properties. Types `invoke`'s input: the class's instance, what a literal schema (inline,
   * or `as const`) describes, or the Standard Schema's output type (see `InferToolInput`).
   * A Standard Schema is converted once, closed like every input schema, and its own
   * `validate` runs after the JSON Schema (its refinements hold, its defaults and transforms
   * make the input `invoke` gets).
   */
  readonly input?:
    | Constructor
    | JsonObject
    | {
        readonly '~standard': {
          readonly version: 1;
          readonly vendor: string;
          readonly validate: (
            value: unknown,
            options?: { readonly libraryOptions?: Record<string, unknown> | undefined },
          ) => unknown;
          readonly jsonSchema: {
            readonly input: (options: {
              readonly target: string;
              readonly libraryOptions?: Record<string, unknown> | undefined;
            }) => Record<string, unknown>;
          };
        };
      };
  /** A DTO class or JSON Schema the tool's structured results must match. */
  readonly output?: Constructor | JsonObject;
  /**
   * Behaviour hints (`readOnlyHint`, `destructiveHint`, ...); `destructiveHint` and
   * `needsApprovalHint` make the default checker ask.
   */
  readonly annotations?: ToolAnnotations;
  /** Free-form data copied into the spec. */
  readonly metadata?: MetadataMap;
  /** Largest accepted input, in characters of JSON text. Default 1 MiB. */
  readonly maxInputBytes?: number;
  /**
   * The executor's deadline for this tool's calls when a call sets none, instead of the
   * executor default: for tools that enforce (longer) timeouts of their own.
   */
  readonly timeoutMs?: number;
}
