import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { BasicToolExecutor, PermissionDecision, ToolRegistry } from '../../src/index.js';
import { serveTools } from '../../src/mcp/index.js';
import { createMcpHarness } from '../mcp/fixtures/createMcpHarness.js';
import { fixtureTool, text } from '../mcp/fixtures/createToolServer.js';
import { plainTool } from '../fixtures/plainTool.js';
import { parentOf, registerOtel, type OtelHarness } from './otelHarness.js';

/** A remote server (the SDK's low-level one) whose `tools/call` handler keeps the `_meta` each request carried. */
function createRecordingServer(): { server: Server; metas: unknown[] } {
  const metas: unknown[] = [];
  const server = new Server({ name: 'remote', version: '1.0.0' }, { capabilities: { tools: {} } });
  const tools = [fixtureTool('weather', () => text('sunny')).tool, fixtureTool('fails', () => text('')).tool];
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    metas.push(request.params._meta);
    return request.params.name === 'fails'
      ? { content: [{ type: 'text', text: 'no such city' }], isError: true }
      : text('sunny');
  });
  return { server, metas };
}

describe('MCP tracing (OpenTelemetry)', () => {
  for (const propagator of [true, false]) {
    describe(propagator ? 'with the W3C propagator registered' : 'without a propagator', () => {
      let otel: OtelHarness;
      beforeEach(() => {
        otel = registerOtel({ propagator });
      });
      afterEach(async () => {
        await otel.shutdown();
      });

      it('makes a remote call a tools/call client span under execute_tool and sends its traceparent in _meta', async () => {
        const { server, metas } = createRecordingServer();
        const harness = await createMcpHarness({
          servers: [{ id: 'remote', transport: { type: 'in_memory', server } }],
        });
        try {
          const outcome = await harness.call('mcp_remote_weather', {});
          expect(outcome.status).toBe('completed');
        } finally {
          await harness.close();
        }
        const tool = otel.span('execute_tool mcp_remote_weather');
        const client = otel.span('tools/call weather');
        expect(client.kind).toBe(SpanKind.CLIENT);
        expect(parentOf(client)).toBe(tool.spanContext().spanId);
        expect(client.attributes).toStrictEqual({
          'mcp.method.name': 'tools/call',
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'weather',
          'network.transport': 'pipe',
        });
        const { traceId, spanId } = client.spanContext();
        expect(metas).toStrictEqual([{ traceparent: `00-${traceId}-${spanId}-01` }]);
      });

      it('marks a remote isError result tool_error on the client span', async () => {
        const { server } = createRecordingServer();
        const harness = await createMcpHarness({
          servers: [{ id: 'remote', transport: { type: 'in_memory', server } }],
        });
        try {
          await harness.call('mcp_remote_fails', {});
        } finally {
          await harness.close();
        }
        const client = otel.span('tools/call fails');
        expect(client.attributes['error.type']).toBe('tool_error');
        expect(client.status.code).toBe(SpanStatusCode.ERROR);
      });

      it('continues the trace a request carries in _meta: serveTools opens a server span, the call an execute_tool under it', async () => {
        const replica = new BasicToolExecutor({
          registry: new ToolRegistry().register(plainTool({ name: 'echo' })),
          permissions: { evaluate: () => PermissionDecision.allow() },
        });
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        const served = await serveTools(replica, serverSide);
        const client = new Client({ name: 'caller', version: '1.0.0' });
        await client.connect(clientSide);
        // The caller's span lives in another process as far as the server can tell: only `_meta` links them.
        const caller = trace.getTracer('test').startSpan('caller');
        const { traceId, spanId } = caller.spanContext();
        try {
          const result = await client.request(
            {
              method: 'tools/call',
              params: { name: 'echo', arguments: { a: 1 }, _meta: { traceparent: `00-${traceId}-${spanId}-01` } },
            },
            CallToolResultSchema,
          );
          expect(result.isError).not.toBe(true);
        } finally {
          caller.end();
          await client.close();
          await served.close();
        }
        const server = otel.span('tools/call echo');
        expect(server.kind).toBe(SpanKind.SERVER);
        expect(server.spanContext().traceId).toBe(traceId);
        expect(parentOf(server)).toBe(spanId);
        expect(server.parentSpanContext?.isRemote).toBe(true);
        const tool = otel.span('execute_tool echo');
        expect(parentOf(tool)).toBe(server.spanContext().spanId);
        expect(tool.spanContext().traceId).toBe(traceId);
      });

      it('starts a new trace for a served call that carries no trace context', async () => {
        const replica = new BasicToolExecutor({
          registry: new ToolRegistry().register(plainTool({ name: 'echo' })),
          permissions: { evaluate: () => PermissionDecision.allow() },
        });
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        const served = await serveTools(replica, serverSide);
        const client = new Client({ name: 'caller', version: '1.0.0' });
        await client.connect(clientSide);
        try {
          await client.callTool({ name: 'echo', arguments: {}, _meta: { traceparent: 'not-a-traceparent' } });
        } finally {
          await client.close();
          await served.close();
        }
        const server = otel.span('tools/call echo');
        expect(parentOf(server)).toBeUndefined();
        expect(parentOf(otel.span('execute_tool echo'))).toBe(server.spanContext().spanId);
      });
    });
  }
});
