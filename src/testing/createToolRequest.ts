import type { JsonValue, ToolRequest } from '../index.js';

let counter = 0;

/**
 * A ToolRequest for tests: fresh `callId` (`call-1`, `call-2`, ...), session `session-1` and
 * turn `turn-1` unless overridden.
 *
 * @example
 * ```ts
 * import { BasicToolExecutor, PolicyPermissionChecker, ToolRegistry } from 'agentkit-tools-core';
 * import { createToolRequest } from 'agentkit-tools-core/testing';
 *
 * const executor = new BasicToolExecutor({
 *   registry: new ToolRegistry(),
 *   permissions: new PolicyPermissionChecker({ rules: [], fallback: 'deny' }),
 * });
 * const outcome = await executor.execute(createToolRequest('no_such_tool', { text: 'hi' }));
 * // outcome: { status: 'failed', error: ToolError { code: 'not_found', ... }, invoked: false }
 * ```
 */
export function createToolRequest(
  toolName: string,
  input: JsonValue = {},
  overrides: Partial<Omit<ToolRequest, 'toolName' | 'input'>> = {},
): ToolRequest {
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
