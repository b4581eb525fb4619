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
   * A class-validator DTO class, or an explicit JSON Schema. Default: no properties. Types
   * `invoke`'s input: the class's instance, or what a literal schema (inline, or `as const`)
   * describes (see `InferToolInput`).
   */
  readonly input?: Constructor | JsonObject;
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
