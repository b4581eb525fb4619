import { assertKnownKeys } from '../errors/assertKnownKeys.js';
import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import type { TracingOptions } from './TracingOptions.js';

/**
 * Checks a `tracing` option (`false`, or `{ recordContent?: boolean }`), naming where it was
 * given; whether OpenTelemetry is installed plays no part, so a mistake shows on every machine.
 * @internal
 */
export function assertTracingOptions(
  value: unknown,
  where: string,
): asserts value is TracingOptions | false | undefined {
  if (value === undefined || value === false) return;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolConfigurationError(
      `${where}: tracing must be false or { recordContent?: boolean }; got ${describe(value)}.`,
    );
  }
  assertKnownKeys(value, ['recordContent'], `${where}: tracing`);
  const { recordContent } = value as { recordContent?: unknown };
  if (recordContent !== undefined && typeof recordContent !== 'boolean') {
    throw new ToolConfigurationError(`${where}: tracing.recordContent must be true or false.`);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}
