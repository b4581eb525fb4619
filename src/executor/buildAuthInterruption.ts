import type { AuthRequiredError } from '../interrupt/AuthRequiredError.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';

/** The `auth_required` interruption for a tool that threw `AuthRequiredError`. */
export function buildAuthInterruption(request: ToolRequest, error: AuthRequiredError): ToolExecutionOutcome {
  return {
    status: 'interrupted',
    interruption: {
      type: 'auth_required',
      auth: {
        id: crypto.randomUUID(),
        callId: request.callId,
        toolName: request.toolName,
        provider: error.provider,
        challenge: error.challenge,
        ...(error.scopes === undefined ? {} : { scopes: error.scopes }),
        ...(error.metadata === undefined ? {} : { metadata: error.metadata }),
      },
    },
  };
}
