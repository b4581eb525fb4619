import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { mcpServers } from '../../src/mcp/index.js';
import { createMcpHarness, getOutput, type McpHarness } from './fixtures/createMcpHarness.js';
import { createToolServer, fixtureTool, text } from './fixtures/createToolServer.js';

function createHighLevelServer(): McpServer {
  const server = new McpServer({ name: 'high', version: '1.0.0' });
  server.registerTool(
    'Add.Numbers',
    { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => text(String(a + b)),
  );
  return server;
}

const DRAFT_2020_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object' as const,
  properties: { point: { $ref: '#/$defs/point' } },
  required: ['point'],
  $defs: { point: { type: 'object', properties: { x: { type: 'integer' } }, required: ['x'] } },
};

describe(`${mcpServers.name} with in-memory servers`, () => {
  let harness: McpHarness;

  beforeAll(async () => {
    const low = createToolServer(
      [
        fixtureTool('point', (args) => text(JSON.stringify(args)), { inputSchema: DRAFT_2020_SCHEMA }),
        fixtureTool('fails', () => ({ content: [{ type: 'text', text: 'no such city' }], isError: true })),
        fixtureTool('refuses', () => {
          throw new McpError(ErrorCode.InvalidParams, 'city must be known');
        }),
        fixtureTool('crashes', () => {
          throw new Error('disk on fire');
        }),
        fixtureTool('slow', () => new Promise(() => undefined)),
        fixtureTool('big', () => text('x'.repeat(5000))),
        fixtureTool(
          'weather',
          (args) => ({
            content: [],
            structuredContent: args['valid'] === true ? { celsius: 20 } : { celsius: 'warm' },
          }),
          {
            outputSchema: {
              $schema: 'https://json-schema.org/draft/2020-12/schema',
              type: 'object',
              properties: { celsius: { type: 'number' } },
              required: ['celsius'],
            },
          },
        ),
      ],
      2,
    );
    harness = await createMcpHarness({
      servers: [
        { id: 'high', transport: { type: 'in_memory', server: createHighLevelServer() } },
        { id: 'low', transport: { type: 'in_memory', server: low.server } },
      ],
      callTimeoutMs: 300,
      maxResultBytes: 1000,
    });
  });

  afterAll(() => harness.close());

  it('discovers every page of tools from an McpServer and a low-level Server', () => {
    expect(harness.executor.specs().map((spec) => spec.name)).toStrictEqual([
      'mcp_high_add_numbers',
      'mcp_low_big',
      'mcp_low_crashes',
      'mcp_low_fails',
      'mcp_low_point',
      'mcp_low_refuses',
      'mcp_low_slow',
      'mcp_low_weather',
    ]);
  });

  it('calls a zod-declared tool of an McpServer', async () => {
    expect(getOutput(await harness.call('mcp_high_add_numbers', { a: 2, b: 3 }))).toStrictEqual({
      output: { type: 'text', text: '5' },
      isError: false,
    });
  });

  it('compiles and enforces a draft 2020-12 schema with $defs', async () => {
    expect(getOutput(await harness.call('mcp_low_point', { point: { x: 1 } })).output).toStrictEqual({
      type: 'text',
      text: '{"point":{"x":1}}',
    });
    expect(await harness.call('mcp_low_point', { point: { x: 1.5 } })).toMatchObject({
      status: 'failed',
      invoked: false,
      error: { code: 'invalid_input' },
    });
  });

  it('completes an isError result with isError: true', async () => {
    expect(getOutput(await harness.call('mcp_low_fails'))).toStrictEqual({
      output: { type: 'text', text: 'no such city' },
      isError: true,
    });
  });

  it('fails invalid_input when the server refuses the params', async () => {
    const outcome = await harness.call('mcp_low_refuses');

    expect(outcome).toMatchObject({
      status: 'failed',
      invoked: true,
      error: { code: 'invalid_input', details: { server: 'low', reason: 'remote_invalid_params', mcpCode: -32602 } },
    });
  });

  it('fails execution_failed when the server answers with another error', async () => {
    const outcome = await harness.call('mcp_low_crashes');

    expect(outcome).toMatchObject({
      status: 'failed',
      invoked: true,
      error: { code: 'execution_failed', details: { server: 'low', reason: 'remote_error', mcpCode: -32603 } },
    });
  });

  it('fails unavailable on a call timeout, and the next call reconnects', async () => {
    const outcome = await harness.call('mcp_low_slow');

    expect(outcome).toMatchObject({
      status: 'failed',
      invoked: true,
      error: { code: 'unavailable', details: { server: 'low', reason: 'timeout' } },
    });
    expect(getOutput(await harness.call('mcp_low_fails')).isError).toBe(true);
  });

  it('checks structured content against the output schema', async () => {
    expect(getOutput(await harness.call('mcp_low_weather', { valid: true })).output).toStrictEqual({
      type: 'parts',
      parts: [{ type: 'json', value: { celsius: 20 } }],
    });
    expect(await harness.call('mcp_low_weather', { valid: false })).toMatchObject({
      status: 'failed',
      invoked: true,
      error: { code: 'execution_failed', details: { reason: 'output_schema' } },
    });
  });

  it('caps the result size and says what was cut', async () => {
    const outcome = await harness.call('mcp_low_big');
    const { output } = getOutput(outcome);

    expect(JSON.stringify(output).length).toBeLessThanOrEqual(1100);
    expect(output).toMatchObject({
      type: 'text',
      text: expect.stringMatching(
        /^x+\n\[text part of 5\d{3} characters left out: the result exceeds the 1000-character cap\]$/,
      ),
    });
    expect(outcome).toMatchObject({ result: { metadata: { mcpServer: 'low', mcpTool: 'big', truncated: true } } });
  });
});
