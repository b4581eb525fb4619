import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  Tool,
  TOOL_EXECUTOR,
  type JsonValue,
  type ToolContext,
  type ToolExecutor,
} from '../../src/index.js';
import { OUTPUT_LOGGER, serveHttp, serveTools, type HttpServeHandle } from '../../src/mcp/index.js';
import { SERVED_OUTPUT_LIMITS } from '../../src/mcp/CallNotifications.js';
import { connectHttp, startHttpServe } from './fixtures/startHttpServe.js';
import { connectToServe } from './fixtures/startServe.js';

const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

@Tool({ name: 'out_burst', description: 'Writes a, then b c d at once, logs, then e.' })
class BurstTool {
  public invoke(_input: unknown, ctx: ToolContext): string {
    ctx.output('a');
    for (const text of ['b', 'c', 'd']) ctx.output(text);
    ctx.log('info', 'logged');
    ctx.output({ stream: 'stderr', text: 'e' });
    ctx.output({ stream: 'stderr', text: 'f' });
    ctx.output({ count: 1 });
    return 'done';
  }
}

const LINE = `${'x'.repeat(99)}\n`;

@Tool({ name: 'out_flood', description: 'Writes 1,000,000 characters at once, 100 at a time.' })
class FloodTool {
  public invoke(_input: unknown, ctx: ToolContext): string {
    for (let index = 0; index < 10_000; index += 1) ctx.output({ stream: 'stdout', text: LINE });
    return 'flooded';
  }
}

@Tool({ name: 'log_flood', description: 'Logs 50,000 messages of 100 characters at once, reporting progress.' })
class LogFloodTool {
  public invoke(_input: unknown, ctx: ToolContext): string {
    for (let index = 0; index < 50_000; index += 1) {
      ctx.log('info', LINE);
      ctx.progress({ progress: index + 1, total: 50_000 });
    }
    return 'logged';
  }
}

const BLOCK = 'y'.repeat(SERVED_OUTPUT_LIMITS.maxHeldChars);

@Tool({ name: 'out_stream', description: 'Writes 64 KiB every 10 ms for 2.5 s.' })
class StreamTool {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const start = Date.now();
    let blocks = 0;
    while (Date.now() - start < 2_500) {
      ctx.output(BLOCK);
      blocks += 1;
      await delay(10);
    }
    return `${blocks} blocks`;
  }
}

interface Heard {
  readonly at: number;
  readonly logger: string | undefined;
  readonly data: unknown;
}

interface OutputData {
  readonly tool: string;
  readonly requestId: string | number;
  readonly chunks: JsonValue[];
  readonly note?: string;
}

/** Calls `name`, recording every notifications/message (with its arrival time) and when the result came. */
async function callHearing(
  client: Client,
  name: string,
): Promise<{ heard: Heard[]; result: CallToolResult; at: number }> {
  const heard: Heard[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    heard.push({ at: Date.now(), logger: notification.params.logger, data: notification.params.data });
  });
  const result = (await client.callTool({ name, arguments: {} })) as CallToolResult;
  return { heard, result, at: Date.now() };
}

function outputsOf(heard: readonly Heard[]): OutputData[] {
  return heard.filter((entry) => entry.logger === OUTPUT_LOGGER).map((entry) => entry.data as OutputData);
}

function charsOf(outputs: readonly OutputData[]): number {
  return outputs
    .flatMap((output) => output.chunks)
    .reduce<number>(
      (sum, chunk) => sum + (typeof chunk === 'string' ? chunk.length : (chunk as { text: string }).text.length),
      0,
    );
}

describe('serveTools: ctx.output over MCP', () => {
  let executor: ToolExecutor;
  let http: HttpServeHandle;
  let clients: Client[];
  const TOKEN = 'output-test-token-0123456789';

  beforeAll(async () => {
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue(new PolicyPermissionChecker({ rules: [], fallback: 'allow' }));
    container.bind(BurstTool).toSelf();
    container.bind(FloodTool).toSelf();
    container.bind(StreamTool).toSelf();
    container.bind(LogFloodTool).toSelf();
    container.load(agentkitModule());
    executor = await container.getAsync(TOOL_EXECUTOR);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await serveTools(executor, serverSide);
    const inMemory = new Client({ name: 'output-test', version: '1.0.0' });
    await inMemory.connect(clientSide);
    http = await serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN });
    const overHttp = new Client({ name: 'output-test-http', version: '1.0.0' });
    await overHttp.connect(
      new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    clients = [inMemory, overHttp];
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await http.close(1000);
    await executor.close();
  });

  it.each([
    ['in memory', 0],
    ['Streamable HTTP', 1],
  ])(
    '%s: sends the first chunk at once, joins the text that follows within the interval, keeps the order with logs, and all of it before the result',
    async (_transport, index) => {
      const client = clients[index] as Client;
      const { heard, result } = await callHearing(client, 'out_burst');
      const requestId = (outputsOf(heard)[0] as OutputData).requestId;
      expect({ heard: heard.map(({ logger, data }) => ({ logger, data })), result: result.content }).toStrictEqual({
        heard: [
          { logger: OUTPUT_LOGGER, data: { tool: 'out_burst', requestId, chunks: ['a'] } },
          { logger: OUTPUT_LOGGER, data: { tool: 'out_burst', requestId, chunks: ['bcd'] } },
          { logger: 'out_burst', data: 'logged' },
          {
            logger: OUTPUT_LOGGER,
            data: { tool: 'out_burst', requestId, chunks: [{ stream: 'stderr', text: 'ef' }, { count: 1 }] },
          },
        ],
        result: [{ type: 'text', text: 'done' }],
      });
    },
  );

  it('honours logging/setLevel: above info, no output is sent', async () => {
    const client = clients[0] as Client;
    await client.setLoggingLevel('warning');
    try {
      const { heard, result } = await callHearing(client, 'out_burst');
      expect({ heard, result: result.content }).toStrictEqual({ heard: [], result: [{ type: 'text', text: 'done' }] });
    } finally {
      await client.setLoggingLevel('debug');
    }
  });

  it.each([
    ['in memory', 0],
    ['Streamable HTTP', 1],
  ])(
    '%s: a flood written at once sends the first chunk and what the held room takes, and says how much it dropped',
    async (_transport, index) => {
      const { heard, result } = await callHearing(clients[index] as Client, 'out_flood');
      const outputs = outputsOf(heard);
      const dropped = 1_000_000 - LINE.length - SERVED_OUTPUT_LIMITS.maxHeldChars;
      expect({
        result: result.content,
        outputs: outputs.map(({ chunks, note }) => ({
          chunks: chunks.map((chunk) => (chunk as { text: string }).text.length),
          note,
        })),
      }).toStrictEqual({
        result: [{ type: 'text', text: 'flooded' }],
        outputs: [
          { chunks: [LINE.length], note: undefined },
          {
            chunks: [SERVED_OUTPUT_LIMITS.maxHeldChars],
            note: `${dropped} characters of output were not streamed here (more came than the stream carries); the call's result keeps its output.`,
          },
        ],
      });
    },
  );

  it.each([
    ['in memory', 0],
    ['Streamable HTTP', 1],
  ])(
    '%s: a flood of logs and progress stops at the call cap, and one message says so',
    async (_transport, index) => {
      const client = clients[index] as Client;
      let progressed = 0;
      const { heard, result } = await (async () => {
        const heardLogs: Heard[] = [];
        client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
          heardLogs.push({ at: Date.now(), logger: notification.params.logger, data: notification.params.data });
        });
        const called = (await client.callTool({ name: 'log_flood', arguments: {} }, undefined, {
          onprogress: () => {
            progressed += 1;
          },
        })) as CallToolResult;
        return { heard: heardLogs, result: called };
      })();
      const logs = heard.filter((entry) => entry.logger === 'log_flood');
      const sentChars = logs.length * JSON.stringify({ level: 'info', logger: 'log_flood', data: LINE }).length;
      expect({
        result: result.content,
        // Far fewer than the 50,000 logged, and the cap's worth of them, give or take the progress.
        someLogs: logs.length > 1_000,
        withinCap: sentChars <= SERVED_OUTPUT_LIMITS.maxCallMessageChars,
        progressCapped: progressed > 0 && progressed < 50_000,
        last: heard.at(-1)?.data,
      }).toStrictEqual({
        result: [{ type: 'text', text: 'logged' }],
        someLogs: true,
        withinCap: true,
        progressCapped: true,
        last: {
          tool: 'log_flood',
          requestId: expect.anything(),
          note: `This call sent ${SERVED_OUTPUT_LIMITS.maxCallMessageChars} characters of progress and log messages; the rest of them are not sent.`,
        },
      });
    },
    30_000,
  );

  it.each([
    ['in memory', 0],
    ['Streamable HTTP', 1],
  ])(
    '%s: a long stream sends at most one notification per interval, each within the held room, and stops at the call cap with a note',
    async (_transport, index) => {
      const started = Date.now();
      const { heard, at } = await callHearing(clients[index] as Client, 'out_stream');
      const outputs = outputsOf(heard);
      const times = heard.filter((entry) => entry.logger === OUTPUT_LOGGER).map((entry) => entry.at);
      expect({
        total: charsOf(outputs),
        largest: Math.max(...outputs.map((output) => charsOf([output]))),
        // Spaced by the interval, not by the tool's 10 ms (which would make some 250 notifications).
        tooMany: outputs.length > (at - started) / SERVED_OUTPUT_LIMITS.intervalMs + 2,
        lastNote: outputs.at(-1)?.note,
        beforeResult: times.every((time) => time <= at),
      }).toStrictEqual({
        total: SERVED_OUTPUT_LIMITS.maxCallChars,
        largest: SERVED_OUTPUT_LIMITS.maxHeldChars,
        tooMany: false,
        lastNote: expect.stringContaining(
          `The output past ${SERVED_OUTPUT_LIMITS.maxCallChars} characters is not streamed; the call's result keeps its output.`,
        ),
        beforeResult: true,
      });
    },
    30_000,
  );
});

describe('agentkit-tools serve --shell: shell_exec streams its output to MCP clients while it runs', () => {
  let root: string;
  let policy: string;
  const SCRIPT = "printf 'one\\n'; sleep 0.4; printf 'two\\n' >&2; sleep 0.4; printf 'three\\n'";

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-output-')));
    policy = path.join(root, 'policy.json');
    await writeFile(policy, JSON.stringify({ rules: [{ effect: 'allow', kind: 'shell.exec' }], fallback: 'deny' }));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** The command's output notifications: each stream's text, and how long before the result each came. */
  async function streamed(client: Client): Promise<{ texts: string[]; early: boolean; exitCode: unknown }> {
    const heard: Heard[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      heard.push({ at: Date.now(), logger: notification.params.logger, data: notification.params.data });
    });
    const result = (await client.callTool({ name: 'shell_exec', arguments: { command: SCRIPT } })) as CallToolResult;
    const at = Date.now();
    const outputs = heard.filter((entry) => entry.logger === OUTPUT_LOGGER);
    return {
      texts: outputs.flatMap((entry) =>
        (entry.data as OutputData).chunks.map(
          (chunk) => `${(chunk as { stream: string }).stream}:${(chunk as { text: string }).text}`,
        ),
      ),
      // The first line came while the command still ran (0.8 s of sleeps after it).
      early: outputs[0] !== undefined && at - outputs[0].at >= 500,
      exitCode: (result.structuredContent as { exitCode?: unknown } | undefined)?.exitCode,
    };
  }

  const EXPECTED = { texts: ['stdout:one\n', 'stderr:two\n', 'stdout:three\n'], early: true, exitCode: 0 };

  it('over stdio', async () => {
    const client = await connectToServe(['serve', '--root', root, '--shell', '--policy', policy]);
    try {
      expect(await streamed(client)).toStrictEqual(EXPECTED);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('over --http', async () => {
    const serve = await startHttpServe([
      'serve',
      '--root',
      root,
      '--shell',
      '--policy',
      policy,
      '--http',
      '127.0.0.1:0',
      '--no-auth',
    ]);
    try {
      const client = await connectHttp(serve.url, undefined);
      try {
        expect(await streamed(client)).toStrictEqual(EXPECTED);
      } finally {
        await client.close();
      }
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
  }, 60_000);
});
