import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { assertKnownKeys, ToolConfigurationError, type ApprovalRequest, type JsonValue, type ModelContentOptions, type ToolExecutor, type ToolRequest, type ToolSpec } from '../index.js';
import { buildCallToolResult, buildErrorResult } from './buildCallToolResult.js';
import { describeApproval } from './describeApproval.js';

export interface ServeToolsOptions {
  /** The server's name and version announced to clients. Default `agentkit-tools` 0.1.0. */
  readonly name?: string;
  readonly version?: string;
  /** The `sessionId` of every call (approvals and read-before-write tracking are per session). Default: one id per server. */
  readonly sessionId?: string;
  /**
   * How results are written for the client's model: `maxChars` (a whole number from 200;
   * default 30,000, kept as head + tail with a notice) and `lineNumbers` on file reads
   * (default `true`). Text and structured results are rendered; parts keep MCP's own blocks.
   */
  readonly render?: Pick<ModelContentOptions, 'maxChars' | 'lineNumbers'>;
}

/** Checks the options up front, naming the bad one, so a typo fails at start-up and not at the first call. */
function assertServeToolsOptions(options: ServeToolsOptions): void {
  assertKnownKeys(options, ['name', 'version', 'sessionId', 'render'], 'serveTools(executor, transport, options)');
  const { render } = options;
  if (render === undefined) return;
  assertKnownKeys(render, ['maxChars', 'lineNumbers'], 'serveTools(..., { render })');
  const { maxChars, lineNumbers } = render;
  if (maxChars !== undefined && (!Number.isInteger(maxChars) || maxChars < 200)) {
    throw new ToolConfigurationError(`serveTools(..., { render: { maxChars } }) must be a whole number from 200 (room for the notice of what was cut); got ${JSON.stringify(maxChars)}.`);
  }
  if (lineNumbers !== undefined && typeof lineNumbers !== 'boolean') {
    throw new ToolConfigurationError(`serveTools(..., { render: { lineNumbers } }) must be a boolean; got ${JSON.stringify(lineNumbers)}.`);
  }
}

function toMcpTool(spec: ToolSpec): McpTool {
  const title = spec.metadata['title'];
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema as McpTool['inputSchema'],
    ...(spec.outputSchema === undefined ? {} : { outputSchema: spec.outputSchema as NonNullable<McpTool['outputSchema']> }),
    ...(typeof title === 'string' ? { title } : {}),
    annotations: { ...spec.annotations },
  };
}

/** Asks the client's user through MCP elicitation whether `approval` may run, showing every target in full. */
async function askApproval(server: Server, approval: ApprovalRequest, signal: AbortSignal): Promise<boolean> {
  const result = await server.elicitInput(
    {
      mode: 'form',
      message: describeApproval(approval),
      requestedSchema: { type: 'object', properties: { approve: { type: 'boolean', title: 'Approve this call', default: false } }, required: ['approve'] },
    },
    { signal },
  );
  return result.action === 'accept' && result.content?.['approve'] === true;
}

/**
 * Serves `executor`'s tools over `transport` as an MCP server (the low-level SDK `Server`, JSON
 * Schema). Every call runs through the executor, so validation and permissions apply. A call
 * that needs approval is put to the client's user through elicitation when the client supports
 * it; otherwise, or when declined, it is refused with an error result: never run unapproved.
 * Returns the connected server (close it to stop).
 */
export async function serveTools(executor: ToolExecutor, transport: Transport, options: ServeToolsOptions = {}): Promise<Server> {
  assertServeToolsOptions(options);
  const render = options.render ?? {};
  const server = new Server({ name: options.name ?? 'agentkit-tools', version: options.version ?? '0.1.0' }, { capabilities: { tools: {} } });
  const sessionId = options.sessionId ?? randomUUID();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: executor.specs().map(toMcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name } = request.params;
    const spec = executor.specs().find((candidate) => candidate.name === name);
    const call: ToolRequest = { callId: randomUUID(), toolName: name, input: (request.params.arguments ?? {}) as JsonValue, sessionId, turnId: randomUUID(), metadata: {} };
    const outcome = await executor.execute(call, { signal: extra.signal });
    if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required') return buildCallToolResult(outcome, spec, render);
    if (server.getClientCapabilities()?.elicitation === undefined) return buildCallToolResult(outcome, spec, render);
    const { approval } = outcome.interruption;
    let approved: boolean;
    try {
      approved = await askApproval(server, approval, extra.signal);
    } catch (error) {
      return buildErrorResult(`[approval_required] Refused: asking for approval failed (${error instanceof Error ? error.message : String(error)}). Nothing was run.`);
    }
    if (!approved) return buildErrorResult(`[permission_denied] Refused: the user did not approve this call. Nothing was run.\n${describeApproval(approval)}`);
    return buildCallToolResult(await executor.executeApproved(call, approval, { signal: extra.signal }), spec, render);
  });
  await server.connect(transport);
  return server;
}
