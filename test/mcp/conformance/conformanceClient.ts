// The fixture client the MCP conformance suite's client scenarios run (`client --command ...`),
// written only with the public API: `mcpServers` in an Inversify container, the executor calling
// the remote tools under a policy, `finishAuth` for OAuth, and an `ELICITATION_HANDLER` where the
// host answers a server's questions. The suite appends the server's URL and names the scenario
// in MCP_CONFORMANCE_SCENARIO. What this client does is what a host does; where a scenario wants
// the host to act (bring back an authorization code), the comments say which call it is.
import 'reflect-metadata';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { Container } from 'inversify';
import {
  agentkitModule,
  CREDENTIAL_STORE,
  ELICITATION_HANDLER,
  InMemoryCredentialStore,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  type JsonObject,
  type ToolExecutionOutcome,
} from 'agentkit-tools-core';
import { MCP_CLIENT_REGISTRY, mcpServers } from 'agentkit-tools-core/mcp';

const REDIRECT_URL = 'http://localhost:3000/callback';
/** The URL the suite's CIMD scenario expects as the client id (client ID metadata document). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/**
 * An OAuth client for a host without a browser: the "user" is this fixture, which opens the
 * authorization URL itself and reads the code from the redirect (the suite's authorization server
 * approves at once). A real host shows the URL to a person instead.
 */
class FixtureOAuthProvider implements OAuthClientProvider {
  #client: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #verifier: string | undefined;
  /** The code the last authorization redirect carried, for `finishAuth`. */
  public code: string | undefined;

  public get redirectUrl(): string {
    return REDIRECT_URL;
  }

  public get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'agentkit-conformance-client', redirect_uris: [REDIRECT_URL] };
  }

  public get clientMetadataUrl(): string {
    return CLIENT_METADATA_URL;
  }

  public clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#client;
  }

  public saveClientInformation(client: OAuthClientInformationMixed): void {
    this.#client = client;
  }

  public tokens(): OAuthTokens | undefined {
    return this.#tokens;
  }

  public saveTokens(tokens: OAuthTokens): void {
    this.#tokens = tokens;
  }

  public async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    const code = location === null ? null : new URL(location).searchParams.get('code');
    if (code === null) throw new Error(`the authorization server did not redirect with a code (${response.status})`);
    this.code = code;
  }

  public saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }

  public codeVerifier(): string {
    if (this.#verifier === undefined) throw new Error('no PKCE code verifier was saved');
    return this.#verifier;
  }
}

/** What the suite tells a scenario's client (MCP_CONFORMANCE_CONTEXT), as far as this client reads it. */
interface ScenarioContext {
  readonly client_id?: string;
  readonly client_secret?: string;
  readonly private_key_pem?: string;
  readonly signing_algorithm?: string;
  readonly idp_client_id?: string;
  readonly idp_id_token?: string;
  readonly idp_token_endpoint?: string;
}

function readContext(): ScenarioContext {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  return raw === undefined ? {} : (JSON.parse(raw) as ScenarioContext);
}

function required(context: ScenarioContext, key: keyof ScenarioContext): string {
  const value = context[key];
  if (value === undefined) throw new Error(`MCP_CONFORMANCE_CONTEXT has no ${key}`);
  return value;
}

async function postForm(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function getJson(url: URL): Promise<Record<string, unknown>> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * The authorization server the MCP server names in its protected-resource metadata, as the host
 * that registered the client looks it up (credentials are only ever sent to that issuer).
 */
async function discoverAuthorizationServer(
  url: string,
): Promise<{ resource: string; metadata: Record<string, unknown> }> {
  const prm = await getJson(new URL('/.well-known/oauth-protected-resource/mcp', url));
  const [authServer] = prm.authorization_servers as string[];
  const metadata = await getJson(new URL('/.well-known/oauth-authorization-server', String(authServer)));
  return { resource: String(prm.resource), metadata };
}

/**
 * Cross-app access (SEP-990), the host's part: the enterprise IdP's ID token is exchanged for an
 * ID-JAG, and that for an access token at the server's authorization server. The library's part
 * is what follows: the token stored in the CredentialStore for `mcp:<id>` is sent as a bearer.
 */
async function crossAppAccessToken(url: string, context: ScenarioContext): Promise<string> {
  const { resource, metadata } = await discoverAuthorizationServer(url);
  const exchanged = await postForm(required(context, 'idp_token_endpoint'), {
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
    audience: String(metadata.issuer),
    resource,
    subject_token: required(context, 'idp_id_token'),
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    client_id: required(context, 'idp_client_id'),
  });
  const basic = Buffer.from(
    `${encodeURIComponent(required(context, 'client_id'))}:${encodeURIComponent(required(context, 'client_secret'))}`,
  ).toString('base64');
  const granted = await postForm(
    String(metadata.token_endpoint),
    { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: String(exchanged.access_token) },
    { authorization: `Basic ${basic}` },
  );
  return String(granted.access_token);
}

/** The SDK OAuth provider a scenario's server needs (none for a server without auth). */
async function authProviderFor(
  url: string,
  scenario: string,
  context: ScenarioContext,
): Promise<OAuthClientProvider | undefined> {
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return new ClientCredentialsProvider({
        clientId: required(context, 'client_id'),
        clientSecret: required(context, 'client_secret'),
        expectedIssuer: String((await discoverAuthorizationServer(url)).metadata.issuer),
      });
    case 'auth/client-credentials-jwt':
      return new PrivateKeyJwtProvider({
        clientId: required(context, 'client_id'),
        privateKey: required(context, 'private_key_pem'),
        algorithm: context.signing_algorithm ?? 'ES256',
        expectedIssuer: String((await discoverAuthorizationServer(url)).metadata.issuer),
      });
    case 'auth/cross-app-access-complete-flow':
      return undefined;
    case 'auth/pre-registration': {
      const provider = new FixtureOAuthProvider();
      // Registered beforehand (no dynamic registration): the host configures the client's id and secret.
      provider.saveClientInformation({
        client_id: required(context, 'client_id'),
        client_secret: required(context, 'client_secret'),
        redirect_uris: [REDIRECT_URL],
      });
      return provider;
    }
    default:
      return scenario.startsWith('auth/') ? new FixtureOAuthProvider() : undefined;
  }
}

/** The arguments each scenario's server tool takes (the suite's servers offer these tools). */
const ARGUMENTS: Readonly<Record<string, JsonObject>> = {
  add_numbers: { a: 2, b: 3 },
};

function describeOutcome(outcome: ToolExecutionOutcome): string {
  switch (outcome.status) {
    case 'completed':
      return 'completed';
    case 'failed':
      return `failed: ${outcome.error.code}: ${outcome.error.message}`;
    case 'interrupted':
      return `interrupted: ${outcome.interruption.type}`;
  }
}

async function main(): Promise<void> {
  const url = process.argv[2];
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  if (url === undefined)
    throw new Error('usage: conformanceClient <server-url> (MCP_CONFORMANCE_SCENARIO names the scenario)');
  const context = readContext();
  const authProvider = await authProviderFor(url, scenario, context);
  const oauth = authProvider instanceof FixtureOAuthProvider ? authProvider : undefined;

  const container = new Container();
  const credentials = new InMemoryCredentialStore();
  if (scenario === 'auth/cross-app-access-complete-flow') {
    credentials.set('mcp:conformance', { bearerToken: await crossAppAccessToken(url, context) });
  }
  container.bind(CREDENTIAL_STORE).toConstantValue(credentials);
  // The person behind this host accepts every question without typing anything: the form's
  // defaults (SEP-1034) fill what they left empty before the answer goes back to the server.
  container.bind(ELICITATION_HANDLER).toConstantValue({
    elicit: () => Promise.resolve({ action: 'accept', content: {} }),
  });
  container.bind(PERMISSION_CHECKER).toConstantValue(
    new PolicyPermissionChecker({
      rules: [{ effect: 'allow', kind: 'mcp.invoke_tool', pattern: 'conformance/*' }],
      fallback: 'deny',
    }),
  );
  container.load(
    agentkitModule(),
    mcpServers({
      servers: [
        {
          id: 'conformance',
          transport: { type: 'http', url, ...(authProvider === undefined ? {} : { authProvider }) },
        },
      ],
    }),
  );
  const executor = await container.getAsync(TOOL_EXECUTOR); // connects, initializes, lists the tools
  const servers = container.get(MCP_CLIENT_REGISTRY);
  try {
    const [status] = servers.status();
    if (status?.state === 'auth_required' && oauth?.code !== undefined) {
      // The host's part: the person approved, and the code came back to the redirect URL.
      await servers.finishAuth('conformance', oauth.code);
    }
    const after = servers.status()[0];
    if (after?.state !== 'ready')
      throw new Error(`the server is ${String(after?.state)}: ${String(after?.error?.message)}`);
    for (const spec of executor.specs()) {
      const remote = spec.name.replace(/^mcp_conformance_/u, '');
      const outcome = await executor.execute({
        callId: `call-${remote}`,
        toolName: spec.name,
        input: ARGUMENTS[remote] ?? {},
        sessionId: 'conformance',
        turnId: 'turn-1',
        metadata: {},
      });
      console.log(`${spec.name}: ${describeOutcome(outcome)}`);
    }
  } finally {
    await executor.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
