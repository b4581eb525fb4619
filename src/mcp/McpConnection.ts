import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { ToolConfigurationError, type CredentialStore } from '../index.js';
import { McpTracer, quoteForDisplay, type McpNetworkTransport } from '../internal/index.js';
import { collectPages } from './collectPages.js';
import { createClientTransport } from './createClientTransport.js';
import { loadClientSdk, type ClientSdk } from './loadClientSdk.js';
import type { McpHttpAuthError } from './McpHttpAuthError.js';
import type { McpServerConfig } from './McpServersOptions.js';
import { NO_SDK_OUTPUT_VALIDATION } from './NO_SDK_OUTPUT_VALIDATION.js';
import { REMOTE_QUESTION_CAPABILITIES, RemoteQuestions, type RemoteCall } from './RemoteQuestions.js';

const CLIENT_INFO = { name: 'agentkit-tools-core', version: '0.1.0' } as const;
/** Upper bound of pages read from one listing, against a server that never stops paginating. */

/**
 * One configured server's client: connects on first use, and again after the connection was
 * lost or reset (a dead process, a failed call). Every request goes through {@link use}.
 */
export class McpConnection {
  readonly #config: McpServerConfig;
  readonly #credentials: CredentialStore;
  readonly #connectTimeoutMs: number;
  readonly #listeners = new Set<() => void>();
  #client: Promise<Client> | undefined;
  /** The client once connected, so calls on a live connection skip awaiting `#client`. */
  #connected: Client | undefined;
  /** The SDK's client side, set by the first connection (imported then). */
  #sdk: ClientSdk | undefined;
  /** Counts connections, so a stale connection's close does not drop a newer one. */
  #generation = 0;
  #transport: Transport | undefined;
  /** Remote tools whose `execution.taskSupport` is `required`, from the latest listing. */
  #taskTools = new Set<string>();
  /** Set by {@link close}: no further connection is made. */
  #closed = false;
  /** Decided once here: `undefined` unless OpenTelemetry is installed and a tracer provider registered. */
  readonly #tracer: McpTracer | undefined;
  readonly #network: McpNetworkTransport;
  /**
   * The challenge of the latest HTTP 401 (its `resource_metadata` URL and scope): what
   * {@link finishAuth} discovers the authorization server from, and what `auth_required` reports.
   */
  #challenge: McpHttpAuthError | undefined;
  readonly #onUnauthorized = (challenge: McpHttpAuthError): void => {
    this.#challenge = challenge;
  };
  /** The server's `elicitation/create` and `sampling/createMessage`, routed into the calls talking to it. */
  public readonly questions: RemoteQuestions;

  public constructor(config: McpServerConfig, credentials: CredentialStore, connectTimeoutMs: number) {
    this.#config = config;
    this.#credentials = credentials;
    this.#connectTimeoutMs = connectTimeoutMs;
    this.#tracer = McpTracer.create();
    // In memory is a pipe between two ends in one process, as stdio is between two processes.
    this.#network = config.transport.type === 'http' ? 'tcp' : 'pipe';
    // Over Streamable HTTP the tagging fetch (see createClientTransport) relates each question to its call.
    this.questions = new RemoteQuestions(config.id, config.transport.type === 'http');
  }

  public get id(): string {
    return this.#config.id;
  }

  /** The current transport (a `ProcessClientTransport` for stdio servers), if connected. */
  public get transport(): Transport | undefined {
    return this.#transport;
  }

  /** The challenge of the latest HTTP 401 this server answered, until an OAuth flow completes. */
  public get challenge(): McpHttpAuthError | undefined {
    return this.#challenge;
  }

  /** Whether {@link close} was called: every later use fails without connecting. */
  public get closed(): boolean {
    return this.#closed;
  }

  /** The connected client, connecting first when there is none. */
  public client(): Promise<Client> {
    if (this.#closed)
      return Promise.reject(
        new Error(`The connection to MCP server "${this.id}" is closed (the executor or its container was closed).`),
      );
    this.#client ??= this.#connect().catch((error: unknown) => {
      this.#client = undefined;
      throw error;
    });
    return this.#client;
  }

  async #connect(): Promise<Client> {
    const generation = ++this.#generation;
    const sdk = await loadClientSdk();
    this.#sdk = sdk;
    const transport = await createClientTransport(this.#config, this.#credentials, this.#onUnauthorized, sdk);
    const client = new sdk.Client(CLIENT_INFO, {
      capabilities: REMOTE_QUESTION_CAPABILITIES,
      jsonSchemaValidator: NO_SDK_OUTPUT_VALIDATION,
    });
    this.questions.attach(client);
    client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => {
      for (const listener of this.#listeners) listener();
    });
    client.onclose = () => {
      // The connection is gone (the process died, the server closed): the next use reconnects.
      if (generation !== this.#generation) return;
      this.#client = undefined;
      this.#connected = undefined;
      this.#transport = undefined;
    };
    try {
      await client.connect(transport, { timeout: this.#connectTimeoutMs });
    } catch (error) {
      await transport.close().catch(() => undefined);
      throw error;
    }
    if (generation !== this.#generation) {
      await client.close().catch(() => undefined);
      throw new Error(`The connection to MCP server "${this.id}" was reset while connecting.`);
    }
    this.#transport = transport;
    this.#connected = client;
    return client;
  }

  /** Every tool the server lists, page by page (none when it has no `tools` capability). */
  public async listTools(options: RequestOptions = {}): Promise<McpTool[]> {
    const client = await this.client();
    if (client.getServerCapabilities()?.tools === undefined) return [];
    const tools: McpTool[] = await collectPages(
      (params) => client.listTools(params, options),
      (page) => page.tools,
    );
    this.#taskTools = new Set(
      tools.filter((tool) => tool.execution?.taskSupport === 'required').map((tool) => tool.name),
    );
    return tools;
  }

  /**
   * Calls a remote tool, `meta` in its `params._meta` (a {@link RemoteCall}'s). The result is not
   * checked against the tool's output schema here: the remote tool does that with the schema it
   * was registered with.
   */
  public callTool(
    name: string,
    args: Record<string, unknown>,
    options: RequestOptions,
    meta: RemoteCall['meta'] = {},
  ): Promise<CallToolResult> {
    const connected = this.#connected;
    if (connected !== undefined) return this.#callTool(connected, name, args, options, meta);
    return this.client().then((client) => this.#callTool(client, name, args, options, meta));
  }

  #callTool(
    client: Client,
    name: string,
    args: Record<string, unknown>,
    options: RequestOptions,
    meta: RemoteCall['meta'],
  ): Promise<CallToolResult> {
    const tracer = this.#tracer;
    const params = (extra: Record<string, unknown>) => {
      const merged = { ...meta, ...extra };
      return { name, arguments: args, ...(Object.keys(merged).length === 0 ? {} : { _meta: merged }) };
    };
    if (tracer === undefined) return this.#send(client, params({}), options);
    // A `tools/call` client span; its W3C trace context travels in `params._meta` for the server to continue.
    return tracer.traceClientCall(name, this.#network, (trace) => this.#send(client, params(trace), options));
  }

  #send(
    client: Client,
    params: { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> },
    options: RequestOptions,
  ): Promise<CallToolResult> {
    const { name } = params;
    // Set: a client exists only after #connect loaded the SDK.
    const { CallToolResultSchema, takeResult } = this.#sdk as ClientSdk;
    if (this.#taskTools.has(name)) {
      const stream = client.experimental.tasks.callToolStream(params, CallToolResultSchema, { ...options, task: {} });
      return takeResult(stream);
    }
    return client.request({ method: 'tools/call', params }, CallToolResultSchema, options);
  }

  /**
   * Completes the OAuth flow of an HTTP server configured with an `authProvider`: after a call
   * ended `auth_required` and the provider's `redirectToAuthorization` sent the user to the
   * authorization server, the host passes the code it got back. The SDK exchanges it (PKCE
   * verifier from the provider) and saves the tokens through `provider.saveTokens`; the next
   * request reconnects with them. Discovery starts from the `resource_metadata` URL (and the
   * scope) of the 401 that started the flow, as the transport's own discovery did, so a server
   * whose resource metadata is at a custom path leads to the same authorization server.
   * @throws ToolConfigurationError when this server has no OAuth provider; an Error naming the
   * server and the OAuth error code (the SDK's `OAuthError` as its cause) when the exchange is refused.
   */
  public async finishAuth(authorizationCode: string): Promise<void> {
    const { transport } = this.#config;
    if (transport.type !== 'http' || transport.authProvider === undefined) {
      throw new ToolConfigurationError(
        `MCP server "${this.id}" has no OAuth authProvider: store its credentials in the CredentialStore (provider "mcp:${this.id}") instead.`,
      );
    }
    const challenge = this.#challenge;
    const { auth, OAuthError } = await loadClientSdk();
    let result;
    try {
      result = await auth(transport.authProvider, {
        serverUrl: transport.url,
        authorizationCode,
        ...(challenge?.resourceMetadataUrl !== undefined && URL.canParse(challenge.resourceMetadataUrl)
          ? { resourceMetadataUrl: new URL(challenge.resourceMetadataUrl) }
          : {}),
        ...(challenge?.scopes === undefined ? {} : { scope: challenge.scopes.join(' ') }),
      });
    } catch (thrown) {
      if (!(thrown instanceof OAuthError)) throw thrown;
      // The authorization server's words: remote text, through the display function.
      const said = (text: string): string => quoteForDisplay(text, Number.POSITIVE_INFINITY, 'line');
      const description = thrown.message === '' ? '' : `: ${said(thrown.message)}`;
      throw new Error(
        `MCP server "${this.id}": the authorization server refused the code exchange ` +
          `(${said(thrown.errorCode)})${description}. Send the user to authorize again.`,
        {
          cause: thrown,
        },
      );
    }
    if (result !== 'AUTHORIZED') {
      throw new ToolConfigurationError(
        `MCP server "${this.id}": the authorization code was not exchanged for tokens (the OAuth flow asked for another redirect).`,
      );
    }
    // The next request connects afresh, so the transport sends the new tokens from the start.
    this.#challenge = undefined;
    await this.reset();
  }

  /** Drops the current connection (after a transport failure or timeout); the next use reconnects. */
  public async reset(): Promise<void> {
    const client = this.#client;
    this.#generation += 1;
    this.#client = undefined;
    this.#connected = undefined;
    this.#transport = undefined;
    await client?.then((connected) => connected.close()).catch(() => undefined);
  }

  /** Calls `listener` whenever the server says its tool list changed. */
  public onToolsChanged(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Closes the connection for good (a stdio server's process tree is killed); idempotent. */
  public close(): Promise<void> {
    this.#closed = true;
    this.#listeners.clear();
    return this.reset();
  }
}
