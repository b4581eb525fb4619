/**
 * Sample 06: a real MCP server's tools beside a local tool, in one registry under one policy.
 * `@modelcontextprotocol/server-everything` runs over stdio; its tools appear as
 * `mcp_everything_<tool>` next to the local `text_word_count`. The policy allows the remote
 * `echo`, denies `get-env` (it would read the server's environment), and asks for every other
 * remote tool: `get-sum` pauses for approval and resumes once approved. The local tool describes
 * no side effect, so it is checked as `tool.invoke`, which one rule allows: it runs. The server
 * process is killed at the end.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { IsString, MaxLength } from 'class-validator';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  Tool,
  TOOL_EXECUTOR,
  type JsonValue,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { MCP_CLIENT_REGISTRY, mcpServers } from '../../src/mcp/index.js';

const require = createRequire(import.meta.url);
const EVERYTHING_ENTRY = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

class WordCountInput {
  @IsString()
  @MaxLength(10_000)
  public text!: string;
}

@Tool({ name: 'text_word_count', description: 'Counts the words of a text.', input: WordCountInput })
export class WordCountTool {
  public invoke(input: WordCountInput): { words: number } {
    return { words: input.text.split(/\s+/u).filter((word) => word !== '').length };
  }
}

export interface McpToolsReport {
  readonly remoteTools: readonly string[];
  readonly localTools: readonly string[];
  readonly echo: ToolExecutionOutcome;
  readonly asked: ToolExecutionOutcome;
  readonly resumed: ToolExecutionOutcome;
  readonly denied: ToolExecutionOutcome;
  readonly local: ToolExecutionOutcome;
}

function describeOutcome(outcome: ToolExecutionOutcome): string {
  switch (outcome.status) {
    case 'completed':
      return `completed: ${JSON.stringify(outcome.result.result.output)}`;
    case 'interrupted':
      return outcome.interruption.type === 'approval_required'
        ? `paused for approval: ${outcome.interruption.approval.reason}`
        : 'paused for auth';
    case 'failed':
      return `failed ${outcome.error.code} (invoked: ${outcome.invoked})`;
  }
}

export async function run(log: (line: string) => void = console.log): Promise<McpToolsReport> {
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(
    new PolicyPermissionChecker({
      rules: [
        { effect: 'allow', kind: 'mcp.invoke_tool', pattern: 'everything/echo' },
        { effect: 'deny', kind: 'mcp.invoke_tool', pattern: 'everything/get-env' },
        { effect: 'allow', kind: 'tool.invoke', pattern: 'text_word_count' },
      ],
      fallback: 'ask',
    }),
  );
  container.bind(WordCountTool).toSelf();
  container.load(
    agentkitModule(),
    mcpServers({
      servers: [
        {
          id: 'everything',
          transport: { type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
        },
      ],
    }),
  );
  const registry = container.get(MCP_CLIENT_REGISTRY);
  try {
    // Resolving the executor starts the server and lists its tools.
    const executor = await container.getAsync(TOOL_EXECUTOR);
    const names = executor.specs().map((spec) => spec.name);
    const remoteTools = names.filter((name) => name.startsWith('mcp_everything_'));
    const localTools = names.filter((name) => !name.startsWith('mcp_'));
    log(
      `one registry: ${localTools.join(', ')} (local) + ${remoteTools.length} remote tools, e.g. ${remoteTools.slice(0, 3).join(', ')}`,
    );

    let calls = 0;
    const request = (toolName: string, input: JsonValue) => ({
      callId: `call-${++calls}`,
      toolName,
      input,
      sessionId: 'demo',
      turnId: 'turn-1',
      metadata: {},
    });

    const echo = await executor.execute(request('mcp_everything_echo', { message: 'hello over stdio' }));
    log(`mcp_everything_echo (allowed) -> ${describeOutcome(echo)}`);

    const sum = request('mcp_everything_get-sum', { a: 2, b: 3 });
    const asked = await executor.execute(sum);
    log(`mcp_everything_get-sum -> ${describeOutcome(asked)}`);
    let resumed = asked;
    if (asked.status === 'interrupted' && asked.interruption.type === 'approval_required') {
      resumed = await executor.executeApproved(sum, asked.interruption.approval);
      log(`approved and resumed -> ${describeOutcome(resumed)}`);
    }

    const denied = await executor.execute(request('mcp_everything_get-env', {}));
    log(`mcp_everything_get-env (denied) -> ${describeOutcome(denied)}`);

    const local = await executor.execute(request('text_word_count', { text: 'one registry, one policy' }));
    log(`text_word_count (local) -> ${describeOutcome(local)}`);
    return { remoteTools, localTools, echo, asked, resumed, denied, local };
  } finally {
    await registry.close();
    log('server-everything stopped');
  }
}
