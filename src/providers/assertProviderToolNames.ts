import { ToolConfigurationError, type ToolSpec } from '../index.js';
import { toProviderToolName } from './toProviderToolName.js';

/** What a provider accepts as a function name. */
export interface ProviderNameRule {
  readonly provider: string;
  readonly maxLength: number;
  /** Gemini names must start with a letter or `_`. */
  readonly mustStartWithLetter: boolean;
}

/**
 * Throws a `ToolConfigurationError` naming every spec whose provider name (`.` -> `__`) the
 * provider would refuse: longer than its limit (a 64-character tool name with dots grows), or
 * starting with a digit where letters are required. Better at declaration time than as an API 400.
 */
export function assertProviderToolNames(specs: readonly ToolSpec[], rule: ProviderNameRule): void {
  const problems = specs.flatMap((spec) => {
    const name = toProviderToolName(spec.name);
    if (name.length > rule.maxLength) {
      return [
        `"${spec.name}" becomes "${name}" (${name.length} characters; ${rule.provider} accepts at most ${rule.maxLength}; each "." becomes "__")`,
      ];
    }
    if (rule.mustStartWithLetter && /^[0-9]/.test(name))
      return [`"${spec.name}" starts with a digit (${rule.provider} function names start with a letter or "_")`];
    return [];
  });
  if (problems.length > 0) {
    throw new ToolConfigurationError(
      `Some tool names cannot be declared to ${rule.provider}: ${problems.join('; ')}. Rename those tools.`,
    );
  }
}
