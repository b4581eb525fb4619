import type { SchemaValidator } from './SchemaValidator.js';
import type { Constructor } from './Constructor.js';
import type { ToolSpec } from '../spec/ToolSpec.js';

/** What `@Tool` learned about its class, computed once when the decorator ran. */
export interface ToolDefinition {
  readonly spec: ToolSpec;
  readonly inputClass?: Constructor;
  /**
   * The input's second check, after its JSON Schema, for a Standard Schema input (zod,
   * valibot): the library's own `validate`, whose value the class's methods get.
   */
  readonly parseInput?: (input: unknown, toolName: string) => unknown;
  /** True when the input class has constraints its JSON Schema cannot express. */
  readonly needsClassValidator: boolean;
  readonly validateInput: SchemaValidator;
  readonly validateOutput?: SchemaValidator;
  readonly maxInputBytes?: number;
  readonly timeoutMs?: number;
}

/** The one metadata aggregate of a tool class. */
export interface ToolClassMetadata {
  /** Set by `@Preflight`. */
  readonly preflightMethod?: string | symbol;
  /** Set by `@Tool`. */
  readonly definition?: ToolDefinition;
}
