import type { ToolCallPart } from '../values/ToolCallPart.js';
import type { MetadataMap } from '../values/JsonValue.js';
import type { ToolRequest } from './ToolRequest.js';

/**
 * The request to execute for a tool call the model made: `callId` and `toolName` from the call,
 * `sessionId` and `turnId` from where it is made, `metadata` the call's merged with the scope's.
 * @internal
 */
export function buildToolRequest(
  call: ToolCallPart,
  scope: { readonly sessionId: string; readonly turnId: string; readonly metadata?: MetadataMap },
): ToolRequest {
  return {
    callId: call.id,
    toolName: call.name,
    input: call.input,
    sessionId: scope.sessionId,
    turnId: scope.turnId,
    metadata: { ...call.metadata, ...scope.metadata },
  };
}
