import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import {
  buildToolResult,
  ToolError,
  type JsonObject,
  type PermissionRequest,
  type Tool,
  type ToolAnnotations,
  type ToolContext,
  type ToolRequest,
  type ToolResult,
  type ToolSpec,
} from '../index.js';
import { quoteForDisplay, type SchemaValidator } from '../internal/index.js';
import { buildMcpToolName } from './buildMcpToolName.js';
import { buildRemoteOutput } from './buildRemoteOutput.js';
import { compileOutputValidator } from './compileOutputValidator.js';
import type { McpConnection } from './McpConnection.js';
import { McpPermissionRequest } from './McpPermissionRequest.js';
import { normalizeRemoteSchema } from './normalizeRemoteSchema.js';
import { toRemoteFailure } from './toRemoteFailure.js';

export interface McpRemoteToolOptions {
  readonly callTimeoutMs: number;
  readonly maxResultBytes: number;
}

/** The executor's own deadline sits past the call timeout, so a slow server ends `unavailable`. */
const DEADLINE_MARGIN_MS = 2000;

function buildAnnotations(remote: McpTool): ToolAnnotations {
  const hints = remote.annotations ?? {};
  return {
    ...(hints.readOnlyHint === undefined ? {} : { readOnlyHint: hints.readOnlyHint }),
    ...(hints.destructiveHint === undefined ? {} : { destructiveHint: hints.destructiveHint }),
    ...(hints.idempotentHint === undefined ? {} : { idempotentHint: hints.idempotentHint }),
  };
}

function buildSpec(serverId: string, remote: McpTool): ToolSpec {
  const title = remote.title ?? remote.annotations?.title;
  return {
    name: buildMcpToolName(serverId, remote.name),
    description:
      remote.description?.trim() ||
      title?.trim() ||
      `Tool ${quoteForDisplay(remote.name)} of MCP server ${quoteForDisplay(serverId)}.`,
    inputSchema: normalizeRemoteSchema(remote.inputSchema),
    ...(remote.outputSchema === undefined ? {} : { outputSchema: normalizeRemoteSchema(remote.outputSchema) }),
    annotations: buildAnnotations(remote),
    metadata: {
      mcpServer: serverId,
      mcpTool: remote.name,
      ...(title === undefined ? {} : { title }),
      ...(remote.annotations?.openWorldHint === undefined ? {} : { openWorldHint: remote.annotations.openWorldHint }),
    },
  };
}

/**
 * A remote MCP tool as a plain `Tool`: named `mcp_<server>_<tool>`, validated leniently
 * against its own schema, preflighting `mcp.invoke_tool` (target `server/tool`) on every call.
 */
export class McpRemoteTool implements Tool {
  public readonly spec: ToolSpec;
  public readonly source: string;
  public readonly schemaStrictness = 'lenient' as const;
  public readonly timeoutMs: number;
  readonly #connection: McpConnection;
  readonly #remote: McpTool;
  readonly #options: McpRemoteToolOptions;
  #validateOutput: SchemaValidator | undefined | null = null;
  /** The request options of a call nobody but the SDK's timeout can cancel (read, never changed). */
  readonly #callOptions: RequestOptions;
  readonly #requests: readonly PermissionRequest[];

  public constructor(connection: McpConnection, remote: McpTool, options: McpRemoteToolOptions) {
    this.#connection = connection;
    this.#remote = remote;
    this.#options = options;
    this.spec = buildSpec(connection.id, remote);
    this.source = `mcp server ${connection.id} (tool ${quoteForDisplay(remote.name)})`;
    this.timeoutMs = options.callTimeoutMs + DEADLINE_MARGIN_MS;
    this.#callOptions = Object.freeze({ timeout: options.callTimeoutMs });
    const invoke = new McpPermissionRequest('mcp.invoke_tool', connection.id, remote.name, {
      toolName: this.spec.name,
    });
    Object.freeze(invoke.metadata);
    this.#requests = Object.freeze([Object.freeze(invoke)]);
  }

  /** Every call's single request: the same for every call of this tool, so built once (frozen). */
  public proposedRequests(): readonly PermissionRequest[] {
    return this.#requests;
  }

  public invoke(request: ToolRequest, ctx: ToolContext): Promise<ToolResult> {
    // The SDK's own timeout (shorter than the executor's deadline for this tool) cancels on the
    // server; the call's signal is only needed when a host or parent can cancel it sooner.
    const options = ctx.cancellable ? { signal: ctx.signal, timeout: this.#options.callTimeoutMs } : this.#callOptions;
    let pending: Promise<CallToolResult>;
    // While the call runs, the server's questions that belong to it go to its context (see RemoteQuestions).
    const call = this.#connection.questions.enter(ctx);
    try {
      pending = this.#connection.callTool(this.#remote.name, request.input as JsonObject, options, call.meta);
    } catch (thrown) {
      call.leave();
      return this.#fail(thrown, ctx);
    }
    return pending.then(
      (result) => {
        call.leave();
        return this.#toResult(request, result);
      },
      (thrown: unknown) => {
        call.leave();
        return this.#fail(thrown, ctx);
      },
    );
  }

  #toResult(request: ToolRequest, result: CallToolResult): ToolResult {
    const isError = result.isError === true;
    if (!isError) this.#checkStructured(result.structuredContent);
    const { output, truncated } = buildRemoteOutput(result, this.#options.maxResultBytes);
    return buildToolResult(request, output, {
      isError,
      metadata: { mcpServer: this.#connection.id, mcpTool: this.#remote.name, ...(truncated ? { truncated } : {}) },
    });
  }

  async #fail(thrown: unknown, ctx: ToolContext): Promise<never> {
    if (ctx.signal.aborted) throw thrown;
    const failure = toRemoteFailure(
      thrown,
      this.#connection.id,
      `tool ${quoteForDisplay(this.#remote.name)}`,
      this.#connection.challenge,
    );
    if (failure.reset) await this.#connection.reset();
    throw failure.error;
  }

  /** As the SDK client does: a tool with an output schema must return matching structured content. */
  #checkStructured(value: unknown): void {
    const { outputSchema } = this.spec;
    if (outputSchema === undefined) return;
    const server = this.#connection.id;
    const what = `MCP tool ${quoteForDisplay(this.#remote.name)} of server ${quoteForDisplay(server)}`;
    if (value === undefined) {
      throw new ToolError('execution_failed', `${what} declares an output schema but returned no structured content.`, {
        server,
        reason: 'output_schema',
      });
    }
    if (this.#validateOutput === null) this.#validateOutput = compileOutputValidator(outputSchema);
    const validate = this.#validateOutput;
    if (validate !== undefined && !validate(value)) {
      const problems =
        validate.errors?.map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`).join('; ') ?? '';
      throw new ToolError(
        'execution_failed',
        `${what} returned structured content that does not match its output schema: ${quoteForDisplay(problems, Number.POSITIVE_INFINITY, 'line')}.`,
        { server, reason: 'output_schema' },
      );
    }
  }
}
