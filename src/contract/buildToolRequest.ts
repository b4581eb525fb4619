import type { ToolCallPart } from '../values/ToolCallPart.js';
import type { MetadataMap } from '../values/JsonValue.js';
import type { ToolRequest } from './ToolRequest.js';

/** Where a call is made. */
export interface ToolRequestScope {
  readonly sessionId: string;
  readonly turnId: string;
  readonly metadata?: MetadataMap;
}

/** The request to execute for a tool call the model made. */
export function buildToolRequest(call: ToolCallPart, scope: ToolRequestScope): ToolRequest {
  return {
    callId: call.id,
    toolName: call.name,
    input: call.input,
    sessionId: scope.sessionId,
    turnId: scope.turnId,
    metadata: { ...call.metadata, ...scope.metadata },
  };
}
