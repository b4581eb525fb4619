import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { AuthRequiredError, ToolConfigurationError, type ToolRequest } from '../../src/index.js';
import { mcpServers } from '../../src/mcp/index.js';
import { createMcpHarness, getOutput, type McpHarness } from './fixtures/createMcpHarness.js';
import { createToolServer, fixtureTool, text } from './fixtures/createToolServer.js';
import { startAuthHttpServer, type AuthHttpServer } from './fixtures/startAuthHttpServer.js';

/** A host's OAuth client: public (PKCE), tokens kept in memory, redirects recorded instead of opened. */
class RecordingOAuthProvider implements OAuthClientProvider {
  public readonly redirectUrl = 'http://127.0.0.1:1/oauth/callback';
  public readonly authorizationUrls: URL[] = [];
  readonly #clientId: string;
  #tokens: OAuthTokens | undefined;
  #verifier: string | undefined;

  public constructor(clientId: string) {
    this.#clientId = clientId;
  }

  public get clientMetadata(): OAuthClientMetadata {
    return {
      redirect_uris: [this.redirectUrl],
      client_name: 'agentkit-tools test host',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  public clientInformation(): OAuthClientInformationMixed {
    return { client_id: this.#clientId };
  }

  public tokens(): OAuthTokens | undefined {
    return this.#tokens;
  }

  public saveTokens(tokens: OAuthTokens): void {
    this.#tokens = tokens;
  }

  public redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrls.push(authorizationUrl);
  }

  public saveCodeVerifier(codeVerifier: string): void {
    this.#verifier = codeVerifier;
  }

  public codeVerifier(): string {
    if (this.#verifier === undefined) throw new Error('no PKCE verifier was saved');
    return this.#verifier;
  }

  public invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.#tokens = undefined;
    if (scope === 'all' || scope === 'verifier') this.#verifier = undefined;
  }
}

/**
 * A host's OAuth client whose information was registered at one authorization server and stamped
 * with its issuer (as the SDK stamps what dynamic registration returns): the SDK does not use it
 * with another authorization server.
 */
class BindingOAuthProvider extends RecordingOAuthProvider {
  public saved: OAuthClientInformationMixed;

  public constructor(clientId: string, issuer: string) {
    super(clientId);
    this.saved = { client_id: clientId, issuer };
  }

  public override clientInformation(): OAuthClientInformationMixed {
    return this.saved;
  }

  public saveClientInformation(information: OAuthClientInformationMixed): void {
    this.saved = information;
  }
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

async function waitForEcho(harness: McpHarness): Promise<boolean> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (harness.executor.specs().some((spec) => spec.name === 'mcp_secure_echo')) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

describe(`${mcpServers.name} with the SDK's OAuth client provider`, () => {
  let server: AuthHttpServer;
  let provider: RecordingOAuthProvider;
  let harness: McpHarness;

  beforeAll(async () => {
    // No token is valid until the authorization server issues one.
    server = await startAuthHttpServer(
      () => createToolServer([fixtureTool('echo', (args) => text(`echo: ${String(args['message'])}`))]).server,
      [],
    );
    provider = new RecordingOAuthProvider(server.oauth.clientId);
    harness = await createMcpHarness({
      servers: [{ id: 'secure', transport: { type: 'http', url: server.url, authProvider: provider } }],
    });
  });

  afterAll(async () => {
    await harness.close();
    await server.close();
  });

  it('meets the 401 at load, sends the user to authorize with PKCE, and lists the tools once the host finishes the flow', async () => {
    expect(harness.registry.source('secure').authRequired).toMatchObject({
      provider: 'mcp:secure',
      metadata: { server: 'secure' },
      message: expect.stringContaining('finishAuth'),
    });
    expect(harness.executor.specs().map((spec) => spec.name)).not.toContain('mcp_secure_echo');
    expect(provider.authorizationUrls).toHaveLength(1);
    const [authorizationUrl] = provider.authorizationUrls;

    expect(Object.fromEntries(authorizationUrl?.searchParams ?? [])).toMatchObject({
      response_type: 'code',
      client_id: server.oauth.clientId,
      code_challenge_method: 'S256',
      redirect_uri: provider.redirectUrl,
      resource: server.url,
    });

    await harness.registry.finishAuth('secure', server.oauth.authorize(authorizationUrl as URL));

    expect(server.oauth.grants()).toStrictEqual(['authorization_code']);
    expect(await waitForEcho(harness)).toBe(true);
    expect(getOutput(await harness.executor.execute(echoRequest('oauth-1')))).toStrictEqual({
      output: { type: 'text', text: 'echo: hi' },
      isError: false,
    });
    expect(server.lastHeaders().authorization).toBe(`Bearer ${provider.tokens()?.access_token ?? 'none'}`);
  });

  it('refreshes a revoked access token with the refresh token, and the same call completes', async () => {
    const revoked = provider.tokens()?.access_token;
    server.validTokens.clear();

    expect(getOutput(await harness.executor.execute(echoRequest('oauth-2')))).toStrictEqual({
      output: { type: 'text', text: 'echo: hi' },
      isError: false,
    });
    expect(server.oauth.grants()).toStrictEqual(['authorization_code', 'refresh_token']);
    expect(provider.tokens()?.access_token).not.toBe(revoked);
    expect(provider.authorizationUrls).toHaveLength(1);
  });

  it('ends a call auth_required when the refresh is refused too, and runs the same request once the host authorizes again', async () => {
    server.validTokens.clear();
    server.oauth.revokeRefreshTokens();
    const request = echoRequest('oauth-3');

    expect(await harness.executor.execute(request)).toMatchObject({
      status: 'interrupted',
      interruption: {
        type: 'auth_required',
        auth: {
          callId: 'oauth-3',
          toolName: 'mcp_secure_echo',
          provider: 'mcp:secure',
          metadata: { server: 'secure' },
        },
      },
    });
    expect(provider.authorizationUrls).toHaveLength(2);

    await harness.registry.finishAuth('secure', server.oauth.authorize(provider.authorizationUrls[1] as URL));

    expect(getOutput(await harness.executor.execute(request))).toStrictEqual({
      output: { type: 'text', text: 'echo: hi' },
      isError: false,
    });
  });

  it('reports a code the authorization server refuses as an error naming the server and the OAuth error', async () => {
    const exchanges = server.oauth.grants().length;

    await expect(harness.registry.finishAuth('secure', 'code-forged')).rejects.toThrow(
      'MCP server "secure": the authorization server refused the code exchange (invalid_grant)',
    );
    expect(server.oauth.grants().length).toBeGreaterThan(exchanges);
    expect(
      server.oauth
        .grants()
        .slice(exchanges)
        .every((grant) => grant === 'authorization_code'),
    ).toBe(true);
  });

  it('refuses finishAuth for a server without an OAuth provider', async () => {
    const other = await createMcpHarness({
      servers: [{ id: 'plain', transport: { type: 'in_memory', server: createToolServer([]).server } }],
    });
    try {
      await expect(other.registry.finishAuth('plain', 'code')).rejects.toThrow(ToolConfigurationError);
    } finally {
      await other.close();
    }
  });
});

describe(`${mcpServers.name} with resource metadata at a custom path`, () => {
  let server: AuthHttpServer;
  let provider: BindingOAuthProvider;
  let harness: McpHarness;

  beforeAll(async () => {
    // The well-known metadata path answers 404 and the authorization server has an origin of
    // its own: only the challenge's resource_metadata URL leads to it.
    server = await startAuthHttpServer(
      () => createToolServer([fixtureTool('echo', (args) => text(`echo: ${String(args['message'])}`))]).server,
      [],
      { resourceMetadataPath: '/meta/mcp-resource.json' },
    );
    provider = new BindingOAuthProvider(server.oauth.clientId, server.oauth.issuer);
    harness = await createMcpHarness({
      servers: [{ id: 'secure', transport: { type: 'http', url: server.url, authProvider: provider } }],
    });
  });

  afterAll(async () => {
    await harness.close();
    await server.close();
  });

  it("reports the 401's challenge in status(), and finishAuth exchanges the code at the authorization server the challenge led to", async () => {
    expect(server.oauth.issuer).not.toBe(new URL(server.url).origin);
    const [status] = harness.registry.status();
    expect(status?.state).toBe('auth_required');
    expect(AuthRequiredError.is(status?.error)).toBe(true);
    expect(status?.error).toMatchObject({
      challenge: server.challenge,
      scopes: ['tools:read', 'tools:call'],
      metadata: { server: 'secure', resourceMetadataUrl: server.resourceMetadataUrl },
    });
    expect(provider.authorizationUrls).toHaveLength(1);
    const [authorizationUrl] = provider.authorizationUrls;
    expect(authorizationUrl?.origin).toBe(server.oauth.issuer);

    await harness.registry.finishAuth('secure', server.oauth.authorize(authorizationUrl as URL));

    expect(server.oauth.grants()).toStrictEqual(['authorization_code']);
    expect(await waitForEcho(harness)).toBe(true);
    expect(harness.registry.status()[0]?.state).toBe('ready');
    expect(getOutput(await harness.executor.execute(echoRequest('custom-1')))).toStrictEqual({
      output: { type: 'text', text: 'echo: hi' },
      isError: false,
    });
  });
});
