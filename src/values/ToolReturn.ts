import type { JsonValue } from './JsonValue.js';
import type { ToolOutput } from './ToolOutput.js';
import type { ToolResult } from './ToolResult.js';

/**
 * What a `@Tool` class's `invoke` may return: a string (text), a `ToolOutput`, a `ToolResult`,
 * or any other JSON value (structured). `undefined` means structured `null`.
 */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- `void` lets an `invoke` without a return value type-check; the public type in the API report stays.
export type ToolReturn = string | ToolOutput | ToolResult | JsonValue | undefined | void;
