import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import { GEN_AI_ATTRIBUTES as GEN_AI, TRACER_NAME } from './GEN_AI_ATTRIBUTES.js';
import { resolveOpenTelemetry, type OpenTelemetryApi } from './loadOpenTelemetry.js';
import { extractTraceContext, injectTraceContext } from './traceContext.js';

/** The MCP semantic conventions' attribute names (client and server spans). */
const MCP = Object.freeze({ methodName: 'mcp.method.name', networkTransport: 'network.transport' });

/**
 * How a traced MCP request travels: `pipe` (stdio) or `tcp` (Streamable HTTP), as `network.transport`.
 * @internal
 */
export type McpNetworkTransport = 'pipe' | 'tcp';

/**
 * Traces MCP `tools/call` requests as the OpenTelemetry MCP semantic conventions describe: on
 * the client a `tools/call {tool}` span (kind client) whose W3C trace context travels in the
 * request's `params._meta` (`traceparent`, `tracestate`); on the server a `tools/call {tool}`
 * span (kind server) that continues the context the request carries, active while the call
 * runs, so the executor's `execute_tool` span and everything under it join the caller's trace.
 * Built once per connection or server, and only when tracing can happen ({@link McpTracer.create}).
 * @internal
 */
export class McpTracer {
  readonly #api: OpenTelemetryApi;
  readonly #tracer: Tracer;

  private constructor(api: OpenTelemetryApi) {
    this.#api = api;
    this.#tracer = api.trace.getTracer(TRACER_NAME);
  }

  /** A tracer when `@opentelemetry/api` is installed and a tracer provider is registered, else `undefined`. */
  public static create(): McpTracer | undefined {
    const api = resolveOpenTelemetry();
    return api === undefined ? undefined : new McpTracer(api);
  }

  /**
   * One client `tools/call`: `send(meta)` sends the request with `meta` as its `params._meta`
   * (the span's trace context in it); the span ends with the result (`error.type: tool_error`
   * when the result says `isError`) or the error.
   */
  public traceClientCall<R extends { readonly isError?: boolean | undefined }>(
    toolName: string,
    transport: McpNetworkTransport,
    send: (meta: Record<string, unknown>) => Promise<R>,
  ): Promise<R> {
    const api = this.#api;
    const parent = api.context.active();
    const span = this.#tracer.startSpan(
      `tools/call ${toolName}`,
      { kind: api.SpanKind.CLIENT, attributes: callAttributes(toolName, transport) },
      parent,
    );
    const meta: Record<string, unknown> = {};
    const context = api.trace.setSpan(parent, span);
    injectTraceContext(api, context, meta);
    return this.#settle(span, () => api.context.with(context, send, undefined, meta));
  }

  /** One served `tools/call`, `handle()` run inside a server span continuing the trace `meta` carries. */
  public traceServerCall<R extends { readonly isError?: boolean | undefined }>(
    toolName: string,
    meta: unknown,
    handle: () => Promise<R>,
  ): Promise<R> {
    const api = this.#api;
    const parent: Context = extractTraceContext(api, meta);
    const span = this.#tracer.startSpan(
      `tools/call ${toolName}`,
      { kind: api.SpanKind.SERVER, attributes: { [MCP.methodName]: 'tools/call', [GEN_AI.toolName]: toolName } },
      parent,
    );
    return this.#settle(span, () => api.context.with(api.trace.setSpan(parent, span), handle));
  }

  async #settle<R extends { readonly isError?: boolean | undefined }>(span: Span, run: () => Promise<R>): Promise<R> {
    try {
      const result = await run();
      if (result.isError === true) {
        span.setAttribute(GEN_AI.errorType, 'tool_error');
        span.setStatus({ code: this.#api.SpanStatusCode.ERROR });
      }
      return result;
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      span.recordException(error);
      span.setAttribute(GEN_AI.errorType, error.name);
      span.setStatus({ code: this.#api.SpanStatusCode.ERROR, message: error.message });
      throw thrown;
    } finally {
      span.end();
    }
  }
}

function callAttributes(toolName: string, transport: McpNetworkTransport): Attributes {
  return {
    [MCP.methodName]: 'tools/call',
    [GEN_AI.operationName]: 'execute_tool',
    [GEN_AI.toolName]: toolName,
    [MCP.networkTransport]: transport,
  };
}
