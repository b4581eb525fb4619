import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ElicitRequestFormParams, RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * The form of every approval question: one object, never changed. The SDK compiles the schema of
 * each accepted answer with ajv, whose cache is keyed by the schema object, so a fresh object per
 * question would be compiled again and kept for the session's whole life.
 */
const APPROVAL_FORM: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { approve: { type: 'boolean', title: 'Approve this call', default: false } },
  required: ['approve'],
};

/**
 * Asks the client's user through MCP elicitation whether a call may run, showing `message`
 * (every target in full). The question travels with the tool call it belongs to
 * (`relatedRequestId`), so over Streamable HTTP it goes out on that call's own response stream.
 * True only for an explicit yes.
 */
export async function askApproval(
  server: Server,
  message: string,
  signal: AbortSignal,
  relatedRequestId: RequestId,
): Promise<boolean> {
  const result = await server.elicitInput(
    {
      mode: 'form',
      message,
      requestedSchema: APPROVAL_FORM,
    },
    { signal, relatedRequestId },
  );
  return result.action === 'accept' && result.content?.['approve'] === true;
}
