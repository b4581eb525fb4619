import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CREDENTIAL_STORE, InMemoryCredentialStore, type CredentialStore, type ToolRequest } from '../../src/index.js';
import { mcpServers, type McpServersOptions } from '../../src/mcp/index.js';
import { createMcpHarness, getOutput, type McpHarness } from './fixtures/createMcpHarness.js';
import { createToolServer, fixtureTool, text } from './fixtures/createToolServer.js';
import { startAuthHttpServer, type AuthHttpServer } from './fixtures/startAuthHttpServer.js';

const PROVIDER = 'mcp:secure';

function createEchoServer() {
  return createToolServer([fixtureTool('echo', (args) => text(`echo: ${String(args['message'])}`))]).server;
}

function echoRequest(callId: string): ToolRequest {
  return {
    callId,
    toolName: 'mcp_secure_echo',
    input: { message: 'hi' },
    sessionId: 'session-1',
    turnId: 'turn-1',
    metadata: {},
  };
}

function waitForSpecs(harness: McpHarness, present: boolean): Promise<void> {
  return (async () => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (harness.executor.specs().some((spec) => spec.name === 'mcp_secure_echo') === present) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
}

describe(`${mcpServers.name} over Streamable HTTP with bearer auth`, () => {
  let server: AuthHttpServer;
  let options: McpServersOptions;

  beforeAll(async () => {
    server = await startAuthHttpServer(createEchoServer, ['token-1']);
    options = {
      servers: [
        { id: 'secure', transport: { type: 'http', url: server.url, headers: { 'x-client': 'agentkit-test' } } },
      ],
    };
  });

  afterAll(() => server.close());

  function expectedAuth(request: ToolRequest): unknown {
    return {
      status: 'interrupted',
      interruption: {
        type: 'auth_required',
        auth: {
          id: expect.any(String),
          callId: request.callId,
          toolName: 'mcp_secure_echo',
          provider: PROVIDER,
          challenge: server.challenge,
          scopes: ['tools:read', 'tools:call'],
          metadata: { server: 'secure', resourceMetadataUrl: server.resourceMetadataUrl },
        },
      },
    };
  }

  describe('a call', () => {
    let harness: McpHarness;
    beforeAll(async () => {
      const credentials: CredentialStore = new InMemoryCredentialStore();
      await credentials.set(PROVIDER, { bearerToken: 'token-1' });
      harness = await createMcpHarness(options, {
        bind: (container) => container.bind(CREDENTIAL_STORE).toConstantValue(credentials),
      });
    });

    afterAll(() => harness.close());

    it('completes with the bearer token of the stored credentials and the configured headers', async () => {
      expect(getOutput(await harness.executor.execute(echoRequest('ok-1')))).toStrictEqual({
        output: { type: 'text', text: 'echo: hi' },
        isError: false,
      });
      expect(server.lastHeaders()).toMatchObject({ authorization: 'Bearer token-1', 'x-client': 'agentkit-test' });
    });

    it('is interrupted auth_required when the token is missing, and the same request completes once the host stores one', async () => {
      const request = echoRequest('missing-1');
      await harness.container.get(CREDENTIAL_STORE).delete(PROVIDER);
      const before = server.unauthorized();

      expect(await harness.executor.execute(request)).toStrictEqual(expectedAuth(request));
      expect(server.unauthorized()).toBe(before + 1);

      await harness.container.get(CREDENTIAL_STORE).set(PROVIDER, { bearerToken: 'token-1' });

      expect(getOutput(await harness.executor.execute(request))).toStrictEqual({
        output: { type: 'text', text: 'echo: hi' },
        isError: false,
      });
    });

    it('is interrupted auth_required when the server revokes the token, and completes with the rotated one', async () => {
      const request = echoRequest('rotated-1');
      server.validTokens.clear();
      server.validTokens.add('token-2');

      expect(await harness.executor.execute(request)).toStrictEqual(expectedAuth(request));

      await harness.container.get(CREDENTIAL_STORE).set(PROVIDER, { bearerToken: 'token-2' });

      expect(getOutput(await harness.executor.execute(request)).output).toStrictEqual({
        type: 'text',
        text: 'echo: hi',
      });
    });
  });

  describe('loading', () => {
    let harness: McpHarness;

    beforeAll(async () => {
      server.validTokens.clear();
      server.validTokens.add('token-3');
      harness = await createMcpHarness(options);
    });

    afterAll(() => harness.close());

    it('records the 401 and loads no tools from the server', () => {
      const { authRequired } = harness.registry.source('secure');

      expect(harness.executor.specs()).toStrictEqual([]);
      expect(authRequired).toMatchObject({
        name: 'AuthRequiredError',
        provider: PROVIDER,
        challenge: server.challenge,
        scopes: ['tools:read', 'tools:call'],
        metadata: { server: 'secure', resourceMetadataUrl: server.resourceMetadataUrl },
      });
    });

    it('reports the server auth_required in status()', () => {
      expect(harness.registry.status()).toStrictEqual([
        { id: 'secure', state: 'auth_required', error: harness.registry.source('secure').authRequired },
      ]);
    });

    it('loads the tools once the host stores credentials and refreshes the source', async () => {
      await harness.container.get(CREDENTIAL_STORE).set(PROVIDER, { bearerToken: 'token-3' });
      await harness.registry.source('secure').refresh();
      await waitForSpecs(harness, true);

      expect(harness.executor.specs().map((spec) => spec.name)).toStrictEqual(['mcp_secure_echo']);
      expect(harness.registry.source('secure').authRequired).toBeUndefined();
      expect(getOutput(await harness.executor.execute(echoRequest('loaded-1'))).output).toStrictEqual({
        type: 'text',
        text: 'echo: hi',
      });
    });

    it('sends stored credential headers as they are', async () => {
      await harness.container.get(CREDENTIAL_STORE).set(PROVIDER, { headers: { authorization: 'Bearer token-3' } });

      expect(getOutput(await harness.executor.execute(echoRequest('headers-1'))).output).toStrictEqual({
        type: 'text',
        text: 'echo: hi',
      });
    });
  });
});
