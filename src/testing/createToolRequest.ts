import type { JsonValue, ToolRequest } from '../index.js';

let counter = 0;

/**
 * A ToolRequest for tests: fresh `callId` (`call-1`, `call-2`, ...), session `session-1` and
 * turn `turn-1` unless overridden.
 */
export function createToolRequest(toolName: string, input: JsonValue = {}, overrides: Partial<Omit<ToolRequest, 'toolName' | 'input'>> = {}): ToolRequest {
  counter += 1;
  return {
    callId: `call-${counter}`,
    toolName,
    input,
    sessionId: 'session-1',
    turnId: 'turn-1',
    metadata: {},
    ...overrides,
  };
}
