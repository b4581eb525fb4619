import {
  PermissionDecision,
  type PermissionChecker,
  type PermissionContext,
  type PermissionRequest,
  type ToolRequest,
} from '../../src/index.js';
import type { JsonValue } from '../../src/values/JsonValue.js';

/** A request for `toolName` in a fixed session. */
export function buildRequest(toolName: string, input: JsonValue = {}, callId = 'call-1'): ToolRequest {
  return { callId, toolName, input, sessionId: 'session-1', turnId: 'turn-1', metadata: {} };
}

/** A real checker that denies everything and remembers what it was asked. */
export class DenyAllChecker implements PermissionChecker {
  public readonly asked: { kind: string; target: string | undefined; toolName: string }[] = [];

  public evaluate(request: PermissionRequest, ctx: PermissionContext): PermissionDecision {
    this.asked.push({ kind: request.kind, target: request.target, toolName: ctx.toolName });
    return PermissionDecision.deny('The host forbids every call.', 'host_policy');
  }
}

/** Lets pending promise callbacks (a source reload, say) run. */
export function flushPromises(): Promise<void> {
  return new Promise((resolve) => {
    setImmediate(resolve);
  });
}
