import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Container } from 'inversify';
import type { ChatCompletionMessage } from 'openai/resources/chat/completions';
import {
  agentkitModule,
  APPROVAL_STORE,
  PERMISSION_CHECKER,
  PermissionDecision,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  ToolInvokePermissionRequest,
  type PendingCall,
} from '../src/index.js';
import { fileSystemTools } from '../src/fs/index.js';
import { FileApprovalStore } from '../src/stores/index.js';
import { createExecutor } from './fixtures/createExecutor.js';
import { plainTool, TestRequest } from './fixtures/plainTool.js';
import { createToolRequest } from '../src/testing/index.js';
import { createAgentExecutor } from '../samples/08-agent-loop/createAgentExecutor.js';
import { scriptedModel } from '../samples/08-agent-loop/scriptedModel.js';
import type { Model } from '../samples/readme/theLoop.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SNIPPETS = join(ROOT, 'samples', 'readme');

function getReadmeBlocks(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe('README', () => {
  it('opens with the set-up, start and test commands', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toContain('npm ci && npm start');
    expect(firstBlock).toContain('npm ci && npm test');
  });

  it('shows only snippets that stand verbatim in a type-checked file of samples/readme', () => {
    const files = readdirSync(SNIPPETS).map((name) => readFileSync(join(SNIPPETS, name), 'utf8'));
    const blocks = getReadmeBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const block of blocks) {
      expect(files.some((file) => file.includes(block))).toBe(true);
    }
  });

  it('gives every snippet the imports it needs to be copied alone', () => {
    const blocks = getReadmeBlocks();
    expect(blocks.filter((block) => !/^import /m.test(block))).toStrictEqual([]);
  });

  it('"Your first tool" runs and completes', async () => {
    const { outcome } = await import('../samples/readme/firstTool.js');
    expect(outcome).toMatchObject({
      status: 'completed',
      result: { result: { output: { type: 'text', text: 'hi' } } },
    });
  });

  it('"Your first tool" puts the @JSONSchema description in the schema the model reads', async () => {
    const { schema } = await import('../samples/readme/firstTool.js');
    expect(schema).toStrictEqual({
      type: 'object',
      properties: { text: { type: 'string', maxLength: 1000, description: 'The text to repeat, as is.' } },
      required: ['text'],
      additionalProperties: false,
    });
  });

  it('"Tools that talk back" hears the progress and log, and resumes the question with the answer', async () => {
    const { counted, heard, picked } = await import('../samples/readme/talkBack.js');
    expect(counted).toMatchObject({ status: 'completed', result: { result: { output: { text: '3 files' } } } });
    expect(heard.map((event) => event.type)).toStrictEqual(['progress', 'progress', 'progress', 'log']);
    expect(picked).toMatchObject({ status: 'completed', result: { result: { output: { text: 'you meant b.txt' } } } });
  });

  it('"Typed input" runs a schema-typed tool and completes', async () => {
    const { outcome } = await import('../samples/readme/typedInput.js');
    expect(outcome).toMatchObject({
      status: 'completed',
      result: { result: { output: { type: 'text', text: 'Oslo: sunny for 2 day(s)' } } },
    });
  });

  it('the first screen runs its DTO tool and its zod tool, refusing an unknown key in the zod one', async () => {
    const { echoed, refused, weather, weatherSchema } = await import('../samples/readme/zodBesideDto.js');
    expect(echoed).toMatchObject({ status: 'completed', result: { result: { output: { type: 'text', text: 'hi' } } } });
    expect(weather).toMatchObject({
      status: 'completed',
      result: { result: { output: { type: 'text', text: 'Oslo: sunny for 1 day(s)' } } },
    });
    expect(refused).toMatchObject({ status: 'failed', invoked: false, error: { code: 'invalid_input' } });
    expect(weatherSchema).toStrictEqual({
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        days: { type: 'integer', minimum: 1, maximum: 7, default: 1 },
      },
      required: ['city'],
      additionalProperties: false,
    });
  });

  it('"Your checker" (policy) leaves the host policy bound and in use', async () => {
    const { container } = await import('../samples/readme/bindChecker.js');
    const checker = container.get(PERMISSION_CHECKER);
    expect(checker).toBeInstanceOf(PolicyPermissionChecker);
    const ctx = { toolName: 'fs_read_file', callId: 'c', sessionId: 's', turnId: 't' };
    expect(await checker.evaluate(new TestRequest('fs.read', '/w/.env'), ctx)).toMatchObject({
      type: 'deny',
      code: 'policy_denied',
    });
    expect(await checker.evaluate(new TestRequest('fs.read', '/w/a.txt'), ctx)).toStrictEqual({ type: 'allow' });
    expect(await checker.evaluate(new TestRequest('shell.exec', 'git push origin'), ctx)).toMatchObject({
      type: 'require_approval',
    });
    expect(await checker.evaluate(new TestRequest('tool.invoke', 'text_word_count'), ctx)).toStrictEqual({
      type: 'allow',
    });
  });

  it('"Your checker" (in code) denies the shell, runs side-effect-free tools and asks about the rest', async () => {
    const { container, NoShellChecker } = await import('../samples/readme/customChecker.js');
    const checker = container.get(PERMISSION_CHECKER);
    expect(checker).toBeInstanceOf(NoShellChecker);
    const ctx = { toolName: 't', callId: 'c', sessionId: 's', turnId: 't' };
    expect(await checker.evaluate(new TestRequest('shell.exec', 'ls'), ctx)).toStrictEqual({
      type: 'deny',
      code: 'no_shell',
      reason: 'No shell commands here.',
    });
    expect(await checker.evaluate(new ToolInvokePermissionRequest('t', {}), ctx)).toStrictEqual({ type: 'allow' });
    expect(await checker.evaluate(new ToolInvokePermissionRequest('t', { destructiveHint: true }), ctx)).toMatchObject({
      type: 'require_approval',
    });
    expect(await checker.evaluate(new TestRequest('fs.write', '/w/a.txt'), ctx)).toMatchObject({
      type: 'require_approval',
    });
  });

  it('"Handling an approval interruption" resumes when the user approves, and only then', async () => {
    const { runWithApproval } = await import('../samples/readme/handleApproval.js');
    const tool = plainTool({ name: 'guarded', preflight: () => [new TestRequest('test.write', 'x')] });
    const executor = createExecutor([tool], {
      permissions: { evaluate: () => PermissionDecision.requireApproval('ask') },
    });
    const declined = await runWithApproval(executor, createToolRequest('guarded'), () => Promise.resolve(false));
    expect(declined).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
    expect(tool.calls).toStrictEqual([]);
    const approved = await runWithApproval(executor, createToolRequest('guarded'), () => Promise.resolve(true));
    expect(approved.status).toBe('completed');
    expect(tool.calls).toHaveLength(1);
  });
});

describe('README (durable approvals)', () => {
  it('"Approvals that survive a restart" finishes a persisted call in another executor once, and a refused one never', async () => {
    const { executor, finish, stateDir, workspaceDir } = await import('../samples/readme/durableApprovals.js');
    const restarted = async () => {
      const container = new Container();
      container.bind(APPROVAL_STORE).toConstantValue(new FileApprovalStore({ directory: stateDir }));
      container.load(agentkitModule({ roots: [{ path: workspaceDir, mode: 'read_write' }] }), fileSystemTools());
      return container.getAsync(TOOL_EXECUTOR);
    };
    const pause = async (path: string): Promise<PendingCall> => {
      const request = createToolRequest('fs_write_file', { path, content: 'hi' });
      const outcome = await executor.execute(request);
      if (outcome.status !== 'interrupted') throw new Error(`expected an interruption, got ${outcome.status}`);
      return JSON.parse(JSON.stringify({ request, interruption: outcome.interruption })) as PendingCall;
    };
    try {
      const approved = await pause('a.txt');
      expect((await finish(await restarted(), approved, true)).status).toBe('completed');
      expect(readFileSync(join(workspaceDir, 'a.txt'), 'utf8')).toBe('hi');
      expect(await finish(await restarted(), approved, true)).toMatchObject({ status: 'failed', invoked: false });

      const refused = await pause('b.txt');
      expect(await finish(await restarted(), refused, false, 'not that file')).toMatchObject({
        status: 'failed',
        invoked: false,
        error: {
          code: 'permission_denied',
          details: { reason: 'rejected_by_user', approvalStatus: 'consumed', userReason: 'not that file' },
        },
      });
      expect(await finish(executor, refused, true)).toMatchObject({
        status: 'failed',
        error: { details: { reason: 'already_used' } },
      });
      expect(existsSync(join(workspaceDir, 'b.txt'))).toBe(false);
    } finally {
      rmSync(workspaceDir, { recursive: true, force: true });
      rmSync(dirname(stateDir), { recursive: true, force: true });
    }
  });
});

describe('README (built-ins)', () => {
  it('"Built-in tools" wires the filesystem and shell tools under the default checker', async () => {
    const { executor, workspaceDir } = await import('../samples/readme/builtIns.js');
    try {
      const names = executor.specs().map((spec) => spec.name);
      expect(names).toEqual(
        expect.arrayContaining(['fs_read_file', 'fs_write_file', 'fs_edit_file', 'fs_grep', 'shell_exec']),
      );
      const write = await executor.execute(createToolRequest('fs_write_file', { path: 'a.txt', content: 'hi' }));
      expect(write).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
      expect(existsSync(join(workspaceDir, 'a.txt'))).toBe(false);
      const shell = await executor.execute(createToolRequest('shell_exec', { argv: ['true'] }));
      expect(shell).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
    } finally {
      rmSync(workspaceDir, { recursive: true, force: true });
    }
  });
});

describe('README (the loop)', () => {
  // samples/08-agent-loop's scripted model: lists, reads notes.md, writes summary.md (which pauses), then answers.
  const model: Model = async (messages, tools) =>
    (await scriptedModel(messages as never, tools as never)) as unknown as ChatCompletionMessage;

  async function pauseThenResume(
    approve: boolean,
  ): Promise<{ workspace: string; stateFile: string; paused: string; resumed: string }> {
    const { resumeLoop, runLoop } = await import('../samples/readme/theLoop.js');
    const workspace = mkdtempSync(join(tmpdir(), 'agentkit-readme-loop-'));
    const stateDir = mkdtempSync(join(tmpdir(), 'agentkit-readme-loop-state-'));
    writeFileSync(join(workspace, 'notes.md'), '- ship the loop\n- write the docs\n');
    const stateFile = join(stateDir, 'run.json');
    const paused = await runLoop(
      await createAgentExecutor(workspace, stateDir),
      model,
      [{ role: 'user', content: 'Summarize the notes.' }],
      stateFile,
    );
    // A new executor over the same approval directory stands for a new process.
    const resumed = await resumeLoop(await createAgentExecutor(workspace, stateDir), model, stateFile, () => approve);
    return { workspace, stateFile, paused, resumed };
  }

  it('"The loop" pauses at the write, persists it, and finishes it once approved by a new executor', async () => {
    const { workspace, stateFile, paused, resumed } = await pauseThenResume(true);
    try {
      expect({ paused, resumed }).toStrictEqual({ paused: 'paused', resumed: 'done' });
      expect(readFileSync(join(workspace, 'summary.md'), 'utf8')).toContain('Two tasks');
      const { messages } = JSON.parse(readFileSync(stateFile, 'utf8')) as {
        messages: { role: string; content: string | null }[];
      };
      expect(messages.at(-1)).toStrictEqual({
        role: 'assistant',
        content: 'I wrote summary.md with the two tasks from notes.md.',
      });
    } finally {
      rmSync(workspace, { recursive: true, force: true });
      rmSync(dirname(stateFile), { recursive: true, force: true });
    }
  });

  it('"The loop" tells the model about a rejected call and writes nothing', async () => {
    const { workspace, stateFile, paused, resumed } = await pauseThenResume(false);
    try {
      expect({ paused, resumed }).toStrictEqual({ paused: 'paused', resumed: 'done' });
      expect(existsSync(join(workspace, 'summary.md'))).toBe(false);
      const { messages } = JSON.parse(readFileSync(stateFile, 'utf8')) as {
        messages: { role: string; content: string | null }[];
      };
      expect(messages.at(-1)).toStrictEqual({
        role: 'assistant',
        content: 'You declined the write, so summary.md was not created.',
      });
    } finally {
      rmSync(workspace, { recursive: true, force: true });
      rmSync(dirname(stateFile), { recursive: true, force: true });
    }
  });
});

describe('README (code mode)', () => {
  it('"Code mode" pauses the script at the write with the write\'s approval; approved, the resumed script completes and writes', async () => {
    const { executor, first, outcome, workspaceDir } = await import('../samples/readme/codeMode.js');
    try {
      expect(first).toMatchObject({
        status: 'interrupted',
        interruption: { type: 'approval_required', approval: { callId: 'call-1/2', toolName: 'fs_write_file' } },
      });
      expect(outcome).toMatchObject({
        status: 'completed',
        result: {
          result: {
            output: {
              type: 'structured',
              value: { result: { done: true }, console: ['read 17 characters'], consoleCut: 0, toolCalls: 2 },
            },
          },
        },
      });
      expect(readFileSync(join(workspaceDir, 'done.md'), 'utf8')).toBe('- [x] write the docs\n');
    } finally {
      await executor.close();
      rmSync(workspaceDir, { recursive: true, force: true });
    }
  });
});

describe('README (MCP)', () => {
  it('"Resources and prompts" reads a decorated resource and renders a decorated prompt over MCP', async () => {
    const { contents, messages } = await import('../samples/readme/servedContent.js');
    expect(contents).toStrictEqual([{ uri: 'notes://today', mimeType: 'text/plain', text: 'Nothing yet.' }]);
    expect(messages).toStrictEqual([
      { role: 'user', content: { type: 'text', text: 'Summarize notes://today in three bullet points.' } },
    ]);
  });

  it('"Your own tools in the bin" serves the module\'s tool, resource and prompt beside the built-ins, wired as the bin wires it', async () => {
    const { default: glossary } = await import('../samples/readme/binModule.js');
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const { servedContent, serveTools } = await import('../src/mcp/index.js');
    const root = mkdtempSync(join(tmpdir(), 'agentkit-readme-bin-'));
    const container = new Container();
    await container.loadAsync(glossary);
    container.load(agentkitModule({ roots: [{ path: root }] }), fileSystemTools());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = await serveTools(executor, serverSide, { content: servedContent(container) });
    const client = new Client({ name: 'readme-bin', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      expect({
        tools: tools.map((tool) => tool.name).filter((name) => !name.startsWith('fs_')),
        builtIns: tools.some((tool) => tool.name === 'fs_read_file'),
        defined: (await client.callTool({ name: 'glossary_define', arguments: { term: 'mcp' } })).content,
        terms: (await client.readResource({ uri: 'glossary://terms' })).contents,
        prompt: (await client.getPrompt({ name: 'explain', arguments: { term: 'mcp' } })).messages,
      }).toStrictEqual({
        tools: ['glossary_define'],
        builtIns: true,
        defined: [{ type: 'text', text: 'Model Context Protocol' }],
        terms: [{ uri: 'glossary://terms', mimeType: 'text/plain', text: 'mcp' }],
        prompt: [{ role: 'user', content: { type: 'text', text: 'Explain mcp to a newcomer.' } }],
      });
    } finally {
      await client.close();
      await server.close();
      await executor.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('"MCP in and out" calls a stdio server\'s tool and serves the same tools to an MCP client', async () => {
    const { projectDir, read, tools } = await import('../samples/readme/mcpInOut.js');
    try {
      expect(read).toMatchObject({
        status: 'completed',
        result: {
          result: {
            output: {
              type: 'parts',
              parts: [
                { type: 'text', text: '# Notes\n' },
                { type: 'json', value: { content: '# Notes\n' } },
              ],
            },
          },
        },
      });
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['mcp_files_read_text_file', 'mcp_files_write_file']),
      );
    } finally {
      rmSync(projectDir, { recursive: true, force: true });
    }
  });
});
