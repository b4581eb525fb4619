import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ExecuteOptions, JsonObject, ToolExecutionOutcome } from '../../src/index.js';
import { mcpServers } from '../../src/mcp/index.js';
import { createMcpHarness, everythingServer, getOutput, type McpHarness } from './fixtures/createMcpHarness.js';

let calls = 0;

/** The text of a completed outcome's output. */
function textOf(outcome: ToolExecutionOutcome): string {
  const { output } = getOutput(outcome);
  return JSON.stringify(output);
}

describe(`${mcpServers.name} answering a remote server's questions (server-everything over stdio)`, () => {
  let harness: McpHarness;

  beforeAll(async () => {
    harness = await createMcpHarness({ servers: [everythingServer('everything')] });
  });

  afterAll(async () => {
    await harness.close();
  });

  const run = (toolName: string, input: JsonObject, options: ExecuteOptions = {}): Promise<ToolExecutionOutcome> =>
    harness.executor.execute(
      { callId: `q-${++calls}`, toolName, input, sessionId: 'session-1', turnId: 'turn-1', metadata: {} },
      options,
    );

  it('declares elicitation and sampling: the server offers its tools that need them', () => {
    const names = harness.executor.specs().map((spec) => spec.name);
    expect(names).toContain('mcp_everything_trigger-elicitation-request');
    expect(names).toContain('mcp_everything_trigger-sampling-request');
  });

  it("routes elicitation/create into the calling tool's ctx.elicit, the server's text quoted and named", async () => {
    const asked: { message: string; schema: JsonObject }[] = [];
    const outcome = await run(
      'mcp_everything_trigger-elicitation-request',
      {},
      {
        elicitation: {
          elicit: (question) => {
            asked.push(question);
            return Promise.resolve({ action: 'accept', content: { name: 'Ada Lovelace', check: true } });
          },
        },
      },
    );
    expect(textOf(outcome)).toContain('User provided the requested information');
    expect(textOf(outcome)).toContain('Ada Lovelace');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe('MCP server everything asks: "Please provide inputs for the following fields:"');
    expect(asked[0]?.schema).toMatchObject({ type: 'object', required: ['name'] });
  });

  it("checks the answer against the server's form before it goes back (a missing required field)", async () => {
    const outcome = await run(
      'mcp_everything_trigger-elicitation-request',
      {},
      { elicitation: { elicit: () => Promise.resolve({ action: 'accept', content: { check: true } }) } },
    );
    expect(textOf(outcome)).not.toContain('User provided the requested information');
  });

  it('with no handler, ends the call interrupted with input_required (resumable)', async () => {
    const outcome = await run('mcp_everything_trigger-elicitation-request', {});
    expect(outcome).toMatchObject({
      status: 'interrupted',
      interruption: {
        type: 'input_required',
        input: {
          toolName: 'mcp_everything_trigger-elicitation-request',
          message: 'MCP server everything asks: "Please provide inputs for the following fields:"',
        },
      },
    });
  });

  it('routes sampling/createMessage into ctx.sample', async () => {
    const outcome = await run(
      'mcp_everything_trigger-sampling-request',
      { prompt: 'Say hi', maxTokens: 30 },
      {
        sampling: {
          sample: (request) =>
            Promise.resolve({
              role: 'assistant',
              content: { type: 'text', text: `hi (${String(request.maxTokens)} tokens at most)` },
              model: 'host-model',
            }),
        },
      },
    );
    expect(textOf(outcome)).toContain('hi (30 tokens at most)');
    expect(textOf(outcome)).toContain('host-model');
  });

  it('with no sampling handler, ends interrupted with capability_required, never hanging', async () => {
    const outcome = await run('mcp_everything_trigger-sampling-request', { prompt: 'Say hi', maxTokens: 30 });
    expect(outcome).toMatchObject({
      status: 'interrupted',
      interruption: { type: 'capability_required', capability: 'sampling' },
    });
  });
});
