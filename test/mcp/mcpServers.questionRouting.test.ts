import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CREDENTIAL_STORE,
  InMemoryCredentialStore,
  type ExecuteOptions,
  type JsonObject,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { mcpServers } from '../../src/mcp/index.js';
import { compiledScript } from '../fixtures/compiledScript.js';
import { createAskingServer } from './fixtures/createAskingServer.js';
import { createMcpHarness, getOutput, type McpHarness } from './fixtures/createMcpHarness.js';
import { startAuthHttpServer, type AuthHttpServer } from './fixtures/startAuthHttpServer.js';

let calls = 0;

/** Runs `tool` of server `asking` for `sessionId`. */
function run(
  harness: McpHarness,
  sessionId: string,
  tool: 'ask' | 'sample',
  input: JsonObject,
  options: ExecuteOptions = {},
): Promise<ToolExecutionOutcome> {
  return harness.executor.execute(
    { callId: `route-${++calls}`, toolName: `mcp_asking_${tool}`, input, sessionId, turnId: 'turn-1', metadata: {} },
    options,
  );
}

/** What the asking server answered: `{ who, result }` or `{ failed }`. */
function answerOf(outcome: ToolExecutionOutcome): unknown {
  const { output } = getOutput(outcome);
  return JSON.parse((output as { text: string }).text);
}

/** A person's elicitation handler: records the questions it saw and answers with its own name. */
function person(name: string): { readonly asked: string[]; readonly options: ExecuteOptions } {
  const asked: string[] = [];
  const elicit = (question: { readonly message: string }) => {
    asked.push(question.message);
    return Promise.resolve({ action: 'accept' as const, content: { name } });
  };
  return { asked, options: { elicitation: { elicit } } };
}

/** A host model that answers a sampling request with `model`'s name. */
function model(name: string): ExecuteOptions {
  return {
    sampling: {
      sample: () =>
        Promise.resolve({ role: 'assistant', content: { type: 'text', text: `hello from ${name}` }, model: name }),
    },
  };
}

const question = (who: string): string => `MCP server asking asks: "Who are you, ${who}?"`;

describe(`${mcpServers.name} routing a remote server's questions to the call that asked`, () => {
  describe('over Streamable HTTP (each question tagged with the call whose response stream it came on)', () => {
    let server: AuthHttpServer;
    let harness: McpHarness;

    beforeAll(async () => {
      server = await startAuthHttpServer(() => createAskingServer().server, ['token-r']);
      const credentials = new InMemoryCredentialStore();
      credentials.set('mcp:asking', { bearerToken: 'token-r' });
      harness = await createMcpHarness(
        { servers: [{ id: 'asking', transport: { type: 'http', url: server.url } }] },
        { bind: (container) => container.bind(CREDENTIAL_STORE).toConstantValue(credentials) },
      );
    });

    afterAll(async () => {
      await harness.close();
      await server.close();
    });

    it("puts each of two calls' questions, in flight at once from two sessions, to that call's own person", async () => {
      const alice = person('Alice');
      const bob = person('Bob');
      const [first, second] = await Promise.all([
        run(harness, 'session-alice', 'ask', { who: 'alice', together: 2 }, alice.options),
        run(harness, 'session-bob', 'ask', { who: 'bob', together: 2 }, bob.options),
      ]);
      expect(answerOf(first)).toStrictEqual({ who: 'alice', result: { action: 'accept', content: { name: 'Alice' } } });
      expect(answerOf(second)).toStrictEqual({ who: 'bob', result: { action: 'accept', content: { name: 'Bob' } } });
      expect(alice.asked).toStrictEqual([question('alice')]);
      expect(bob.asked).toStrictEqual([question('bob')]);
    });

    it('ends only the call with nobody to answer input_required; the other call is answered by its own person', async () => {
      const alice = person('Alice');
      const [first, second] = await Promise.all([
        // Not held: the interrupted call's server side is not waited for.
        run(harness, 'session-alice', 'ask', { who: 'alice', together: 2, hold: false }, alice.options),
        run(harness, 'session-bob', 'ask', { who: 'bob', together: 2, hold: false }),
      ]);
      expect(answerOf(first)).toStrictEqual({ who: 'alice', result: { action: 'accept', content: { name: 'Alice' } } });
      expect(second).toMatchObject({
        status: 'interrupted',
        interruption: { type: 'input_required', input: { toolName: 'mcp_asking_ask', message: question('bob') } },
      });
      expect(alice.asked).toStrictEqual([question('alice')]);
    });

    it("puts each of two calls' sampling requests to that call's own model", async () => {
      const [first, second] = await Promise.all([
        run(harness, 'session-alice', 'sample', { who: 'alice', together: 2 }, model('model-a')),
        run(harness, 'session-bob', 'sample', { who: 'bob', together: 2 }, model('model-b')),
      ]);
      expect(answerOf(first)).toMatchObject({ who: 'alice', result: { model: 'model-a' } });
      expect(answerOf(second)).toMatchObject({ who: 'bob', result: { model: 'model-b' } });
    });

    it("sends a question to the call it came with even when the server claims another call's key in _meta", async () => {
      const alice = person('Alice');
      const bob = person('Bob');
      const [first, second] = await Promise.all([
        run(harness, 'session-alice', 'ask', { who: 'alice', together: 2, hostile: 'other' }, alice.options),
        run(harness, 'session-bob', 'ask', { who: 'bob', together: 2, hostile: 'other' }, bob.options),
      ]);
      expect(answerOf(first)).toStrictEqual({ who: 'alice', result: { action: 'accept', content: { name: 'Alice' } } });
      expect(answerOf(second)).toStrictEqual({ who: 'bob', result: { action: 'accept', content: { name: 'Bob' } } });
      expect(alice.asked).toStrictEqual([question('alice')]);
      expect(bob.asked).toStrictEqual([question('bob')]);
    });

    it('declines, saying why, a question on the standalone stream while two calls are in flight, whatever call it claims', async () => {
      const alice = person('Alice');
      const bob = person('Bob');
      const outcomes = await Promise.all([
        run(harness, 'session-alice', 'ask', { who: 'alice', together: 2, hostile: 'standalone' }, alice.options),
        run(harness, 'session-bob', 'ask', { who: 'bob', together: 2, hostile: 'standalone' }, bob.options),
      ]);
      const declined = {
        action: 'decline',
        _meta: {
          'agentkit/reason': "Declined: 2 calls to this server are in flight and it came on no call's response stream.",
        },
      };
      expect(outcomes.map(answerOf)).toStrictEqual([
        { who: 'alice', result: declined },
        { who: 'bob', result: declined },
      ]);
      expect([...alice.asked, ...bob.asked]).toStrictEqual([]);
    });

    it('puts a question on the standalone stream to the one call in flight', async () => {
      const alice = person('Alice');
      const outcome = await run(
        harness,
        'session-alice',
        'ask',
        { who: 'alice', together: 1, hostile: 'standalone' },
        alice.options,
      );
      expect(answerOf(outcome)).toStrictEqual({
        who: 'alice',
        result: { action: 'accept', content: { name: 'Alice' } },
      });
      expect(alice.asked).toStrictEqual([question('alice')]);
    });
  });

  describe('over stdio (no question says which call it belongs to)', () => {
    let harness: McpHarness;

    beforeAll(async () => {
      const entry = await compiledScript(new URL('fixtures/askingStdioServer.ts', import.meta.url).pathname);
      harness = await createMcpHarness({
        servers: [{ id: 'asking', transport: { type: 'stdio', command: process.execPath, args: [entry] } }],
      });
    });

    afterAll(() => harness.close());

    it('declines both questions of two calls in flight at once, saying why, without asking anyone', async () => {
      const alice = person('Alice');
      const bob = person('Bob');
      const outcomes = await Promise.all([
        run(harness, 'session-alice', 'ask', { who: 'alice', together: 2 }, alice.options),
        run(harness, 'session-bob', 'ask', { who: 'bob', together: 2 }, bob.options),
      ]);
      const declined = {
        action: 'decline',
        _meta: {
          'agentkit/reason':
            'Declined: 2 calls to this server are in flight and this transport cannot tell which call a request belongs to.',
        },
      };
      expect(outcomes.map(answerOf)).toStrictEqual([
        { who: 'alice', result: declined },
        { who: 'bob', result: declined },
      ]);
      expect([...alice.asked, ...bob.asked]).toStrictEqual([]);
    });

    it('refuses both sampling requests of two calls in flight at once with an MCP error saying why', async () => {
      const outcomes = await Promise.all([
        run(harness, 'session-alice', 'sample', { who: 'alice', together: 2 }, model('model-a')),
        run(harness, 'session-bob', 'sample', { who: 'bob', together: 2 }, model('model-b')),
      ]);
      // The SDK prefixes `MCP error -32600:` on each side.
      const refused = {
        failed: expect.stringMatching(
          /: This sampling request is refused: 2 calls to this server are in flight and this transport cannot tell which call a request belongs to\.$/u,
        ),
      };
      expect(outcomes.map(answerOf)).toStrictEqual([refused, refused]);
    });

    it('puts the question of the one call in flight to that call', async () => {
      const alice = person('Alice');
      const outcome = await run(harness, 'session-alice', 'ask', { who: 'alice', together: 1 }, alice.options);
      expect(answerOf(outcome)).toStrictEqual({
        who: 'alice',
        result: { action: 'accept', content: { name: 'Alice' } },
      });
      expect(alice.asked).toStrictEqual([question('alice')]);
    });
  });
});
