import type { JsonValue, ToolResult } from '../../index.js';

/**
 * What `await tools.x(input)` answers for a completed call: a structured result's value, a
 * text result's string, or the content parts or file references as JSON.
 */
export function toScriptValue(result: ToolResult): JsonValue {
  const { output } = result.result;
  switch (output.type) {
    case 'structured':
      return output.value;
    case 'text':
      return output.text;
    case 'parts':
      return output.parts as unknown as JsonValue;
    case 'files':
      return output.files as unknown as JsonValue;
  }
}
