import { ToolConfigurationError } from './ToolConfigurationError.js';

/**
 * Throws `ToolConfigurationError` when `value` has an own key outside `known`, naming the key
 * and the known ones, so a misspelled option never passes silently as "not set".
 * `subject` says where the object came from, e.g. `agentkitModule(options)` or
 * `shellTools({ env })`.
 * @internal
 */
export function assertKnownKeys(value: object, known: readonly string[], subject: string): void {
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    const names = known.map((key) => JSON.stringify(key)).join(', ');
    throw new ToolConfigurationError(
      `${subject} has an unknown key ${JSON.stringify(unknown)}. Use only ${names} (check the spelling).`,
    );
  }
}
