import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mcpServers } from '../../src/mcp/index.js';
import { createMcpHarness, everythingServer, getOutput, type McpHarness } from './fixtures/createMcpHarness.js';

const TOOLS = [
  'mcp_everything_echo',
  'mcp_everything_get-annotated-message',
  'mcp_everything_get-env',
  'mcp_everything_get-resource-links',
  'mcp_everything_get-resource-reference',
  'mcp_everything_get-structured-content',
  'mcp_everything_get-sum',
  'mcp_everything_get-tiny-image',
  'mcp_everything_gzip-file-as-resource',
  'mcp_everything_simulate-research-query',
  'mcp_everything_toggle-simulated-logging',
  'mcp_everything_toggle-subscriber-updates',
  // Offered because mcpServers declares elicitation and sampling (see mcpServers.questions.test.ts).
  'mcp_everything_trigger-elicitation-request',
  'mcp_everything_trigger-long-running-operation',
  'mcp_everything_trigger-sampling-request',
];

describe(`${mcpServers.name} against server-everything over stdio`, () => {
  let harness: McpHarness;

  beforeAll(async () => {
    process.env['AGENTKIT_TEST_API_TOKEN'] = 'must-not-leak';
    process.env['AGENTKIT_TEST_PLAIN'] = 'not-listed';
    harness = await createMcpHarness({ servers: [everythingServer('everything', { CONFIGURED_FLAG: 'yes' })] });
  });

  afterAll(async () => {
    await harness.close();
    delete process.env['AGENTKIT_TEST_API_TOKEN'];
    delete process.env['AGENTKIT_TEST_PLAIN'];
  });

  describe('discovery', () => {
    it('registers every listed tool as mcp_<id>_<tool>', () => {
      expect(harness.executor.specs().map((spec) => spec.name)).toStrictEqual(TOOLS);
    });

    it('maps annotations as hints and keeps the title and output schema', () => {
      const spec = harness.executor
        .specs()
        .find((candidate) => candidate.name === 'mcp_everything_get-structured-content');

      expect(spec?.annotations).toStrictEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
      expect(spec?.metadata).toStrictEqual({
        mcpServer: 'everything',
        mcpTool: 'get-structured-content',
        title: 'Get Structured Content Tool',
        openWorldHint: false,
      });
      expect(spec?.outputSchema).toMatchObject({ type: 'object', required: ['temperature', 'conditions', 'humidity'] });
      expect(spec?.inputSchema['$schema']).toBeUndefined();
    });
  });

  describe('calls', () => {
    it('returns text', async () => {
      expect(getOutput(await harness.call('mcp_everything_echo', { message: 'hi' }))).toStrictEqual({
        output: { type: 'text', text: 'Echo: hi' },
        isError: false,
      });
    });

    it('returns an image as a media part', async () => {
      const { output } = getOutput(await harness.call('mcp_everything_get-tiny-image'));

      expect(output).toMatchObject({
        type: 'parts',
        parts: [{ type: 'text' }, { type: 'media', mimeType: 'image/png', modality: 'image' }, { type: 'text' }],
      });
    });

    it('returns resource links as file references, never fetched', async () => {
      const { output } = getOutput(await harness.call('mcp_everything_get-resource-links', { count: 2 }));

      expect(output).toStrictEqual({
        type: 'parts',
        parts: [
          { type: 'text', text: 'Here are 2 resource links to resources available in this server:' },
          { type: 'file', uri: 'demo://resource/dynamic/blob/1', name: 'Blob Resource 1', mimeType: 'text/plain' },
          { type: 'file', uri: 'demo://resource/dynamic/text/2', name: 'Text Resource 2', mimeType: 'text/plain' },
        ],
      });
    });

    it('returns an embedded text resource as a resource part with its text', async () => {
      const { output } = getOutput(
        await harness.call('mcp_everything_get-resource-reference', { resourceType: 'Text', resourceId: 1 }),
      );

      expect(output).toMatchObject({
        type: 'parts',
        parts: [
          { type: 'text' },
          {
            type: 'resource',
            uri: expect.any(String),
            text: expect.stringContaining('Resource 1: This is a plaintext resource'),
          },
          { type: 'text' },
        ],
      });
    });

    it('returns an embedded blob resource as a resource part with its bytes', async () => {
      const outcome = await harness.call('mcp_everything_gzip-file-as-resource', {
        name: 'x.gz',
        data: 'data:text/plain;base64,aGVsbG8=',
        outputType: 'resource',
      });

      expect(getOutput(outcome).output).toStrictEqual({
        type: 'parts',
        parts: [
          {
            type: 'resource',
            uri: 'demo://resource/session/x.gz',
            mimeType: 'application/gzip',
            blob: expect.stringMatching(/^[A-Za-z0-9+/]{32}[A-Za-z0-9+/=]{0,4}$/u),
          },
        ],
      });
    });

    it('keeps both the content blocks and the structured content', async () => {
      const { output } = getOutput(
        await harness.call('mcp_everything_get-structured-content', { location: 'Chicago' }),
      );

      expect(output).toMatchObject({
        type: 'parts',
        parts: [
          { type: 'text' },
          {
            type: 'json',
            value: { temperature: expect.any(Number), conditions: expect.any(String), humidity: expect.any(Number) },
          },
        ],
      });
    });

    it('refuses bad arguments before the server sees them', async () => {
      const outcome = await harness.call('mcp_everything_get-sum', { a: 'x' });

      expect(outcome).toMatchObject({ status: 'failed', invoked: false, error: { code: 'invalid_input' } });
    });

    it('runs a tool that requires task-based execution', async () => {
      const { output } = getOutput(await harness.call('mcp_everything_simulate-research-query', { topic: 'otters' }));

      expect(output).toMatchObject({ type: 'text', text: expect.stringContaining('# Research Report: otters') });
    }, 15_000);

    it('calls every other listed tool', async () => {
      const inputs: Record<string, object> = {
        'mcp_everything_get-annotated-message': { messageType: 'success', includeImage: false },
        'mcp_everything_get-sum': { a: 2, b: 3 },
        'mcp_everything_toggle-simulated-logging': {},
        'mcp_everything_toggle-subscriber-updates': {},
        'mcp_everything_trigger-long-running-operation': { duration: 0.1, steps: 1 },
      };
      const outcomes = await Promise.all(
        Object.entries(inputs).map(async ([name, input]) => [name, (await harness.call(name, input as never)).status]),
      );

      expect(Object.fromEntries(outcomes)).toStrictEqual(
        Object.fromEntries(Object.keys(inputs).map((name) => [name, 'completed'])),
      );
    });

    it('starts the server with the environment allow-list plus its configured env', async () => {
      const { output } = getOutput(await harness.call('mcp_everything_get-env'));
      const env = JSON.parse((output as { text: string }).text) as Record<string, string>;

      expect(env['CONFIGURED_FLAG']).toBe('yes');
      expect(env['PATH']).toBe(process.env['PATH']);
      expect(Object.keys(env).filter((name) => name.startsWith('AGENTKIT_TEST'))).toStrictEqual([]);
    });
  });
});
