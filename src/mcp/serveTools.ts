import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { ToolConfigurationError, type ModelContentOptions, type ToolExecutor, type ToolSpec } from '../index.js';
import { assertKnownKeys, McpTracer, quoteForDisplay } from '../internal/index.js';
import type { ApprovalPages } from './ApprovalPages.js';
import type { SessionLogLevel } from './buildServedCallOptions.js';
import { handleCallTool } from './handleCallTool.js';
import { importMcpSdk } from './importMcpSdk.js';
import { loadSdkTypes } from './loadSdkTypes.js';
import { getContentCapabilities, serveContent } from './serveContent.js';
import { ServedPrompts } from './ServedPrompts.js';
import { ServedResources } from './ServedResources.js';
import type { ServedContent } from './servedContent.js';

/** What `serveHttp` adds to a session's server: its approval pages, and whether it can reach the client mid-call. */
export interface HttpServing {
  readonly approvalPages?: ApprovalPages;
  readonly noElicitation?: boolean;
}

/** Options of {@link serveTools}. */
export interface ServeToolsOptions {
  /** The server's name and version announced to clients. Default `agentkit-tools` 0.1.0. */
  readonly name?: string;
  /** The version announced with `name`. */
  readonly version?: string;
  /** The `sessionId` of every call (approvals and read-before-write tracking are per session). Default: one id per server. */
  readonly sessionId?: string;
  /**
   * How results are written for the client's model: `maxChars` (a whole number from 200;
   * default 30,000, kept as head + tail with a notice) and `lineNumbers` on file reads
   * (default `true`). Text and structured results are rendered; parts keep MCP's own blocks.
   */
  readonly render?: Pick<ModelContentOptions, 'maxChars' | 'lineNumbers'>;
  /**
   * Aborting it cancels every call in flight (each call's executor signal follows it as well as
   * the client's cancellation) and every call started after: how a server shuts down within a bound.
   */
  readonly signal?: AbortSignal;
  /**
   * Resources, resource templates and prompts served with the tools (`servedContent(container)`
   * finds the `@Resource`, `@ResourceTemplate` and `@Prompt` classes a container binds). The
   * server declares `resources` (with `subscribe`), `prompts` and `completions` for what it has.
   */
  readonly content?: ServedContent;
}

/** Checks the options up front, naming the bad one, so a typo fails at start-up and not at the first call. */
function assertServeToolsOptions(options: ServeToolsOptions): void {
  assertKnownKeys(
    options,
    ['name', 'version', 'sessionId', 'render', 'signal', 'content'],
    'serveTools(executor, transport, options)',
  );
  const { render, signal, content } = options;
  if (
    content !== undefined &&
    !(content.resources instanceof ServedResources && content.prompts instanceof ServedPrompts)
  ) {
    throw new ToolConfigurationError(
      'serveTools(..., { content }) must be what servedContent(container) answers: { resources, prompts }.',
    );
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ToolConfigurationError(`serveTools(..., { signal }) must be an AbortSignal; got ${typeof signal}.`);
  }
  if (render === undefined) return;
  assertKnownKeys(render, ['maxChars', 'lineNumbers'], 'serveTools(..., { render })');
  const { maxChars, lineNumbers } = render;
  if (maxChars !== undefined && (!Number.isInteger(maxChars) || maxChars < 200)) {
    throw new ToolConfigurationError(
      `serveTools(..., { render: { maxChars } }) must be a whole number from 200 (room for the notice of what was cut); got ${JSON.stringify(maxChars)}.`,
    );
  }
  if (lineNumbers !== undefined && typeof lineNumbers !== 'boolean') {
    throw new ToolConfigurationError(
      `serveTools(..., { render: { lineNumbers } }) must be a boolean; got ${JSON.stringify(lineNumbers)}.`,
    );
  }
}

function toMcpTool(spec: ToolSpec): McpTool {
  const title = spec.metadata['title'];
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema as McpTool['inputSchema'],
    ...(spec.outputSchema === undefined
      ? {}
      : { outputSchema: spec.outputSchema as NonNullable<McpTool['outputSchema']> }),
    // A title is what a client shows a person; a proxied remote tool's title is remote text.
    ...(typeof title === 'string' ? { title: quoteForDisplay(title, Number.POSITIVE_INFINITY, 'line') } : {}),
    annotations: { ...spec.annotations },
  };
}

/**
 * Runs `call` with a signal that aborts when `own` or `stop` does, and drops its listeners when
 * the call ends. Not `AbortSignal.any`: Node keeps a signal made by it alive while a source lives
 * and something listens to it, and the SDK never removes the listener each request it sends
 * (an elicitation) adds, so under a server-wide `stop` every eliciting call was kept, with
 * what it held, for the server's whole life (found by `npm run bench:load`).
 */
async function followBoth<T>(
  own: AbortSignal,
  stop: AbortSignal,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const onOwn = (): void => {
    controller.abort(own.reason);
  };
  const onStop = (): void => {
    controller.abort(stop.reason);
  };
  if (own.aborted) onOwn();
  else if (stop.aborted) onStop();
  own.addEventListener('abort', onOwn, { once: true });
  stop.addEventListener('abort', onStop, { once: true });
  try {
    return await call(controller.signal);
  } finally {
    own.removeEventListener('abort', onOwn);
    stop.removeEventListener('abort', onStop);
  }
}

/**
 * Serves `executor`'s tools over `transport` as an MCP server (the low-level SDK `Server`, JSON
 * Schema). Every call runs through the executor, so validation and permissions apply. A call
 * that needs approval is put to the client's user through elicitation when the client supports
 * it; otherwise, or when declined, it is refused with an error result: never run unapproved.
 * A refusal a person could still approve carries the approval in `_meta["agentkit-tools/approval"]`;
 * a call presenting it there resumes it (see `APPROVAL_META_KEY`).
 * A running tool talks back on its call's own stream: `ctx.progress` to the client's
 * `progressToken` (`notifications/progress`), `ctx.log` as `notifications/message` at or above
 * the session's `logging/setLevel` (the server declares `logging`), `ctx.elicit` as
 * `elicitation/create` (form mode) and `ctx.sample` as `sampling/createMessage` when the client
 * declared them (else the executor's handlers or the interruption answer, and the result says so).
 * Returns the connected server (close it to stop).
 */
export function serveTools(
  executor: ToolExecutor,
  transport: Transport,
  options: ServeToolsOptions = {},
): Promise<Server> {
  return connectToolServer(executor, transport, options, {});
}

/** {@link serveTools}, with what `serveHttp` adds ({@link HttpServing}). */
export async function connectToolServer(
  executor: ToolExecutor,
  transport: Transport,
  options: ServeToolsOptions,
  http: HttpServing,
): Promise<Server> {
  assertServeToolsOptions(options);
  // The SDK's server side is imported when the first server starts, not with `agentkit-tools-core/mcp`.
  // One after the other (see loadClientSdk: jest's ESM loader and concurrent imports).
  const [{ CallToolRequestSchema, ListToolsRequestSchema, SetLevelRequestSchema }, { Server }] = await importMcpSdk(
    'serveTools',
    async () => [await loadSdkTypes(), await import('@modelcontextprotocol/sdk/server/index.js')] as const,
  );
  const render = options.render ?? {};
  const server = new Server(
    { name: options.name ?? 'agentkit-tools', version: options.version ?? '0.1.0' },
    { capabilities: { tools: {}, logging: {}, ...getContentCapabilities(options.content) } },
  );
  const sessionId = options.sessionId ?? randomUUID();
  // One server per session (serveHttp makes one per `Mcp-Session-Id`): its level is the session's.
  const logLevel: SessionLogLevel = { level: undefined };
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    logLevel.level = request.params.level;
    return {};
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: executor.specs().map(toMcpTool) }));
  const stop = options.signal;
  // Decided once here: a `tools/call` server span continuing the trace the request's `_meta` carries.
  const tracer = McpTracer.create();
  server.setRequestHandler(CallToolRequestSchema, (request, extra): Promise<CallToolResult> => {
    const call = (signal: AbortSignal): Promise<CallToolResult> =>
      handleCallTool(
        {
          server,
          executor,
          sessionId,
          render,
          signal,
          requestId: extra.requestId,
          logLevel,
          notify: extra.sendNotification,
          ...http,
        },
        request.params,
      );
    if (tracer === undefined) return stop === undefined ? call(extra.signal) : followBoth(extra.signal, stop, call);
    return tracer.traceServerCall(request.params.name, request.params._meta, () =>
      stop === undefined ? call(extra.signal) : followBoth(extra.signal, stop, call),
    );
  });
  if (options.content !== undefined) {
    const endSubscriptions = serveContent(server, options.content);
    // Whoever sets `onclose` after this (serveHttp's sessions) keeps calling it.
    server.onclose = endSubscriptions;
  }
  await server.connect(transport);
  return server;
}
