import type { JsonObject } from '../values/JsonValue.js';
import { TOOL_ERROR_CODES, type ToolErrorCode } from './ToolErrorCode.js';

const TOOL_ERROR_BRAND: unique symbol = Symbol.for('agentkit-tools-core/ToolError');

/** The serialized form of a {@link ToolError}. */
export interface ToolErrorJson {
  /** Always `ToolError`. */
  readonly name: 'ToolError';
  /** {@inheritDoc ToolError.code} */
  readonly code: ToolErrorCode;
  /** The message, for the model. */
  readonly message: string;
  /** {@inheritDoc ToolError.details} */
  readonly details: JsonObject;
}

/**
 * A categorized tool failure. `message` is written for the model to read: what failed,
 * where, and how to fix it. `details` carries machine-readable data (for `invalid_input`,
 * every failing path).
 *
 * @example
 * ```ts
 * import { ToolError } from 'agentkit-tools-core';
 *
 * function readInvoice(id: string, invoices: ReadonlyMap<string, string>): string {
 *   const invoice = invoices.get(id);
 *   // Thrown from a tool body, the call ends `failed` with this code, message and details.
 *   if (invoice === undefined) {
 *     const fix = 'List invoices with invoice_list and pass one of their ids.';
 *     throw new ToolError('execution_failed', `No invoice "${id}". ${fix}`, { id });
 *   }
 *   return invoice;
 * }
 * ```
 */
export class ToolError extends Error {
  /** The brand {@link ToolError.is} checks. */
  public readonly [TOOL_ERROR_BRAND] = true;
  /** Always `ToolError`. */
  public override readonly name = 'ToolError';

  /**
   * @param code - the category (see {@link ToolErrorCode}).
   * @param message - for the model: what failed, where, and how to fix it.
   * @param details - machine-readable data (JSON).
   * @param options - `cause`, the underlying error.
   */
  public constructor(
    /** The category of the failure. */
    public readonly code: ToolErrorCode,
    message: string,
    /** Machine-readable data: `reason`, the failing paths of `invalid_input`, ... */
    public readonly details: JsonObject = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Brand-based check: works across copies of the package and realms. */
  public static is(value: unknown): value is ToolError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Partial<Record<symbol, unknown>>)[TOOL_ERROR_BRAND] === true
    );
  }

  /** Whether `value` is one of the {@link ToolErrorCode}s. */
  public static isCode(value: unknown): value is ToolErrorCode {
    return typeof value === 'string' && (TOOL_ERROR_CODES as readonly string[]).includes(value);
  }

  /** The error back from its JSON form (`toJSON()`, after `JSON.parse`). */
  public static fromJSON(json: ToolErrorJson): ToolError {
    return new ToolError(json.code, json.message, json.details);
  }

  /** Plain JSON: name, code, message and details (`JSON.stringify` of an `Error` would drop them). */
  public toJSON(): ToolErrorJson {
    return { name: 'ToolError', code: this.code, message: this.message, details: this.details };
  }
}
