import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * Asks the client's user through MCP elicitation whether a call may run, showing `message`
 * (every target in full). The question travels with the tool call it belongs to
 * (`relatedRequestId`), so over Streamable HTTP it goes out on that call's own response stream.
 * True only for an explicit yes.
 */
export async function askApproval(server: Server, message: string, signal: AbortSignal, relatedRequestId: RequestId): Promise<boolean> {
  const result = await server.elicitInput(
    {
      mode: 'form',
      message,
      requestedSchema: { type: 'object', properties: { approve: { type: 'boolean', title: 'Approve this call', default: false } }, required: ['approve'] },
    },
    { signal, relatedRequestId },
  );
  return result.action === 'accept' && result.content?.['approve'] === true;
}
