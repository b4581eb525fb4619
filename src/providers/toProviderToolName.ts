/**
 * A tool name as providers accept it: `.` becomes `__` (OpenAI and Anthropic function names
 * allow only letters, digits, `_` and `-`). A valid `ToolName` never contains `__`, so
 * {@link fromProviderToolName} maps it back without ambiguity.
 */
export function toProviderToolName(name: string): string {
  return name.replaceAll('.', '__');
}
