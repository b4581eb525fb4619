import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { compiledScript } from '../fixtures/compiledScript.js';
import { createMcpHarness, type McpHarness } from '../mcp/fixtures/createMcpHarness.js';
import { PROJECT_ROOT } from '../mcp/fixtures/startServe.js';
import { startHttpServe, type HttpServeProcess } from '../mcp/fixtures/startHttpServe.js';
import type { ExportedSpan } from './fixtures/exportSpansToFile.js';
import { parentOf, registerOtel, type OtelHarness } from './otelHarness.js';

const TOKEN = 'trace-token-0123456789abcdef';
const SETUP = path.join(PROJECT_ROOT, 'test/tracing/fixtures/exportSpansToFile.ts');

/** `agentkit-tools serve --http` with the span-exporting setup `--import`ed, listening. */
async function startTracedServe(root: string, spansFile: string): Promise<HttpServeProcess> {
  return startHttpServe(
    ['serve', '--root', root, '--http', '127.0.0.1:0'],
    { AGENTKIT_SERVE_TOKEN: TOKEN, AGENTKIT_TEST_SPANS_FILE: spansFile },
    ['--import', await compiledScript(SETUP)],
  );
}

async function readSpans(file: string): Promise<ExportedSpan[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ExportedSpan);
}

function only(spans: readonly ExportedSpan[], name: string): ExportedSpan {
  const found = spans.filter((span) => span.name === name);
  if (found.length !== 1) throw new Error(`expected one span ${name}, got ${JSON.stringify(spans.map((s) => s.name))}`);
  return found[0] as ExportedSpan;
}

describe('one trace from a host through a real `agentkit-tools serve --http` process', () => {
  let root: string;
  let spansFile: string;
  let serve: HttpServeProcess;
  let otel: OtelHarness;
  let host: McpHarness;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-trace-')));
    spansFile = path.join(root, '..', `${path.basename(root)}.spans.jsonl`);
    await writeFile(path.join(root, 'notes.txt'), 'hello from the replica\n');
    serve = await startTracedServe(root, spansFile);
    otel = registerOtel();
    host = await createMcpHarness({
      servers: [
        { id: 'replica', transport: { type: 'http', url: serve.url, headers: { authorization: `Bearer ${TOKEN}` } } },
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await host.close();
    await otel.shutdown();
    serve.child.kill('SIGTERM');
    await serve.exited;
    await rm(root, { recursive: true, force: true });
    await rm(spansFile, { force: true });
  }, 60_000);

  it('continues the host span in the server: tools/call client -> tools/call server -> execute_tool -> permission', async () => {
    const outcome = await host.call('mcp_replica_fs_read_file', { path: 'notes.txt' });
    expect(outcome).toMatchObject({ status: 'completed' });

    const hostCall = otel.span('execute_tool mcp_replica_fs_read_file');
    const client = otel.span('tools/call fs_read_file');
    expect(parentOf(client)).toBe(hostCall.spanContext().spanId);
    expect(client.attributes['network.transport']).toBe('tcp');
    const traceId = hostCall.spanContext().traceId;

    // SimpleSpanProcessor exports each span as it ends, before the response is sent.
    const remote = (await readSpans(spansFile)).filter((span) => span.traceId === traceId);
    const server = only(remote, 'tools/call fs_read_file');
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.parentSpanId).toBe(client.spanContext().spanId);
    const served = only(remote, 'execute_tool fs_read_file');
    expect(served.parentSpanId).toBe(server.spanId);
    expect(served.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'fs_read_file',
      'gen_ai.tool.type': 'function',
      'agentkit.outcome': 'completed',
    });
    expect(typeof served.attributes['gen_ai.tool.call.id']).toBe('string');
    const permissions = remote.filter((span) => span.name.startsWith('permission '));
    expect(permissions.length).toBeGreaterThan(0);
    for (const permission of permissions) expect(permission.parentSpanId).toBe(served.spanId);
  }, 60_000);

  it('carries error.type across: a failed remote call fails in the server span tree too', async () => {
    const outcome = await host.call('mcp_replica_fs_read_file', { path: 'missing.txt' });
    expect(outcome).toMatchObject({ status: 'completed', result: { result: { isError: true } } });
    const hostCall = otel
      .spans()
      .filter((span) => span.name === 'execute_tool mcp_replica_fs_read_file')
      .at(-1);
    const traceId = hostCall?.spanContext().traceId;
    const remote = (await readSpans(spansFile)).filter((span) => span.traceId === traceId);
    const served = only(remote, 'execute_tool fs_read_file');
    expect(served.attributes['error.type']).toBe('execution_failed');
    expect(served.statusCode).toBe(SpanStatusCode.ERROR);
    // The host reads the remote failure as an error result of its own call.
    expect(hostCall?.attributes['agentkit.result.is_error']).toBe(true);
    expect(only(remote, 'tools/call fs_read_file').attributes['error.type']).toBe('tool_error');
  }, 60_000);
});
