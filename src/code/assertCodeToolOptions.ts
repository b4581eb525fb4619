import { ToolConfigurationError } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import { CODE_RUN_BOUNDS } from './CODE_RUN_DEFAULTS.js';
import type { CodeToolOptions } from './CodeToolOptions.js';

/** Checks {@link CodeToolOptions} when the module is created: a mistake fails at start-up, naming the option. */
export function assertCodeToolOptions(options: CodeToolOptions): void {
  if (typeof (options as unknown) !== 'object' || (options as unknown) === null) {
    throw new ToolConfigurationError('codeTools(options): options must be an object.');
  }
  assertKnownKeys(options, ['tools', ...Object.keys(CODE_RUN_BOUNDS)], 'codeTools(options)');
  const { tools } = options;
  if (
    tools !== undefined &&
    tools !== 'all' &&
    typeof tools !== 'function' &&
    !(Array.isArray(tools) && tools.every((name) => typeof name === 'string'))
  ) {
    throw new ToolConfigurationError(
      "codeTools(options): tools must be 'all', a list of tool names, or a function of a tool's spec.",
    );
  }
  for (const [key, [least, most]] of Object.entries(CODE_RUN_BOUNDS)) {
    const value = (options as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < least || value > most) {
      throw new ToolConfigurationError(
        `codeTools(options): ${key} must be an integer from ${least} to ${most}; got ${typeof value === 'number' ? String(value) : typeof value}.`,
      );
    }
  }
}
