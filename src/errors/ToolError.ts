import type { JsonObject } from '../values/JsonValue.js';
import { TOOL_ERROR_CODES, type ToolErrorCode } from './ToolErrorCode.js';

const TOOL_ERROR_BRAND: unique symbol = Symbol.for('agentkit-tools-core/ToolError');

/** The serialized form of a {@link ToolError}. */
export interface ToolErrorJson {
  readonly name: 'ToolError';
  readonly code: ToolErrorCode;
  readonly message: string;
  readonly details: JsonObject;
}

/**
 * A categorized tool failure. `message` is written for the model to read: what failed,
 * where, and how to fix it. `details` carries machine-readable data (for `invalid_input`,
 * every failing path).
 */
export class ToolError extends Error {
  public readonly [TOOL_ERROR_BRAND] = true;
  public override readonly name = 'ToolError';

  public constructor(
    public readonly code: ToolErrorCode,
    message: string,
    public readonly details: JsonObject = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Brand-based check: works across copies of the package and realms. */
  public static is(value: unknown): value is ToolError {
    return typeof value === 'object' && value !== null && (value as Partial<Record<symbol, unknown>>)[TOOL_ERROR_BRAND] === true;
  }

  public static isCode(value: unknown): value is ToolErrorCode {
    return typeof value === 'string' && (TOOL_ERROR_CODES as readonly string[]).includes(value);
  }

  public static fromJSON(json: ToolErrorJson): ToolError {
    return new ToolError(json.code, json.message, json.details);
  }

  public toJSON(): ToolErrorJson {
    return { name: 'ToolError', code: this.code, message: this.message, details: this.details };
  }
}
