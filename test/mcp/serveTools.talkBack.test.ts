import { afterEach, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  type ClientCapabilities,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  Tool,
  TOOL_EXECUTOR,
  type JsonObject,
  type ToolContext,
} from '../../src/index.js';
import { serveTools } from '../../src/mcp/index.js';

const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

@Tool({ name: 'tb_progress', description: 'Reports 0, 50 and 100 of 100.' })
class ProgressTool {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    for (const progress of [0, 50, 100]) {
      ctx.progress({ progress, total: 100, message: `at ${progress}` });
      await delay(5);
    }
    return 'progressed';
  }
}

@Tool({ name: 'tb_logging', description: 'Logs at three levels.' })
class LoggingTool {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    ctx.log('debug', 'detail');
    await delay(5);
    ctx.log('info', 'Tool processing data');
    ctx.log('error', { failed: 'nothing really' });
    return 'logged';
  }
}

const FORM: JsonObject = {
  type: 'object',
  properties: { name: { type: 'string', default: 'Ada' }, age: { type: 'integer', minimum: 0 } },
  required: ['name'],
};

@Tool({ name: 'tb_ask', description: 'Asks the user their name.' })
class AskTool {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit({ message: 'What is your name?', schema: FORM });
    return answer.action === 'accept' ? `hello ${answer.content['name'] as string}` : answer.action;
  }
}

@Tool({ name: 'tb_sample', description: 'Asks the model.' })
class SampleTool {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const answer = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'What is 2+2?' } }],
      maxTokens: 50,
    });
    return `model said: ${answer.content.text}`;
  }
}

const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function connect(capabilities: ClientCapabilities): Promise<Client> {
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(new PolicyPermissionChecker({ rules: [], fallback: 'allow' }));
  container.bind(ProgressTool).toSelf();
  container.bind(LoggingTool).toSelf();
  container.bind(AskTool).toSelf();
  container.bind(SampleTool).toSelf();
  container.load(agentkitModule());
  const executor = await container.getAsync(TOOL_EXECUTOR);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = await serveTools(executor, serverSide);
  const client = new Client({ name: 'talk-back-test', version: '1.0.0' }, { capabilities });
  await client.connect(clientSide);
  closers.push(async () => {
    await client.close();
    await server.close();
    await executor.close();
  });
  return client;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const [first] = result.content as { type: string; text?: string }[];
  return first?.text ?? '';
}

describe(serveTools.name, () => {
  describe('progress', () => {
    it("sends the call's progress to the client's progressToken", async () => {
      const client = await connect({});
      const heard: Progress[] = [];
      const result = await client.callTool({ name: 'tb_progress', arguments: {} }, undefined, {
        onprogress: (progress) => heard.push(progress),
      });
      expect(textOf(result)).toBe('progressed');
      expect(heard).toStrictEqual([
        { progress: 0, total: 100, message: 'at 0' },
        { progress: 50, total: 100, message: 'at 50' },
        { progress: 100, total: 100, message: 'at 100' },
      ]);
    });
  });

  describe('logging', () => {
    it('declares logging and sends logs as notifications/message, honouring logging/setLevel', async () => {
      const client = await connect({});
      expect(client.getServerCapabilities()?.logging).toStrictEqual({});
      const heard: LoggingMessageNotification['params'][] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
        heard.push(notification.params);
      });
      await client.callTool({ name: 'tb_logging', arguments: {} });
      expect(heard.map((params) => params.level)).toStrictEqual(['debug', 'info', 'error']);
      heard.length = 0;
      await client.setLoggingLevel('info');
      await client.callTool({ name: 'tb_logging', arguments: {} });
      expect(heard).toStrictEqual([
        { level: 'info', logger: 'tb_logging', data: 'Tool processing data' },
        { level: 'error', logger: 'tb_logging', data: { failed: 'nothing really' } },
      ]);
    });
  });

  describe('elicitation', () => {
    it('puts the question to the client as elicitation/create (form) and hands the tool the answer', async () => {
      const client = await connect({ elicitation: { form: {} } });
      const asked: unknown[] = [];
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(request.params);
        return { action: 'accept', content: { name: 'Grace', age: 36 } };
      });
      const result = await client.callTool({ name: 'tb_ask', arguments: {} });
      expect(textOf(result)).toBe('hello Grace');
      expect(asked).toStrictEqual([{ mode: 'form', message: 'What is your name?', requestedSchema: FORM }]);
    });

    it("refuses a client's answer that does not match the form (the SDK checks it first)", async () => {
      const client = await connect({ elicitation: { form: {} } });
      client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Grace', age: -3 } }));
      const result = await client.callTool({ name: 'tb_ask', arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('must be >= 0');
      expect(textOf(result)).not.toContain('hello');
    });

    it('without client elicitation, says the call needs input instead of hanging', async () => {
      const client = await connect({});
      const result = await client.callTool({ name: 'tb_ask', arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('[input_required]');
      expect(textOf(result)).toContain('What is your name?');
    });
  });

  describe('sampling', () => {
    it('asks the client through sampling/createMessage', async () => {
      const client = await connect({ sampling: {} });
      client.setRequestHandler(CreateMessageRequestSchema, (request) => ({
        role: 'assistant',
        content: { type: 'text', text: `4 (asked ${String(request.params.maxTokens)})` },
        model: 'client-model',
        stopReason: 'endTurn',
      }));
      const result = await client.callTool({ name: 'tb_sample', arguments: {} });
      expect(textOf(result)).toBe('model said: 4 (asked 50)');
    });

    it('without client sampling, says the capability is missing', async () => {
      const client = await connect({});
      const result = await client.callTool({ name: 'tb_sample', arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('[capability_required]');
    });
  });
});
