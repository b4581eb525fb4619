import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CreateMessageResult, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject, SamplingRequest, ToolContext } from '../index.js';
import { quoteForDisplay } from '../internal/index.js';
import { mcpError, sdkTypes } from './loadSdkTypes.js';
import { RELATED_CALL_META } from './RELATED_CALL_META.js';

/** A server's `elicitation/create` parameters, as read here. */
interface RemoteElicitation {
  readonly _meta?: unknown;
  readonly message: string;
  readonly mode?: string | undefined;
  readonly requestedSchema?: unknown;
}

/** A server's `sampling/createMessage` parameters, as read here (checked again by the context). */
interface RemoteSampling {
  readonly _meta?: unknown;
  readonly messages: readonly unknown[];
  readonly maxTokens: number;
  readonly systemPrompt?: string | undefined;
  readonly temperature?: number | undefined;
  readonly stopSequences?: readonly string[] | undefined;
  readonly modelPreferences?: JsonObject | undefined;
  readonly metadata?: JsonObject | undefined;
}

/** What a client declares to the servers it connects to: it can put their questions to the person and the model. */
export const REMOTE_QUESTION_CAPABILITIES = { elicitation: { form: {} }, sampling: {} } as const;

/** The `_meta` key of a declined elicitation's result that says why it was declined unasked. */
export const DECLINE_REASON_META = 'agentkit/reason';

/** One call registered with {@link RemoteQuestions.enter}. */
export interface RemoteCall {
  /** What the call's `tools/call` carries in `params._meta`: its key, when the transport relates questions to calls. */
  readonly meta: Readonly<Record<string, string>>;
  /** Ends the registration (the call is over). */
  leave(): void;
}

/** The call a server request goes to, or why it goes to none. */
type Route = { readonly ctx: ToolContext } | { readonly why: string };

/**
 * A connected server's questions (`elicitation/create`, `sampling/createMessage`) routed into
 * the call they belong to, so each takes the same path as the call's own `ctx.elicit` /
 * `ctx.sample` (the host's handler, the MCP client above us, or the interruption). Over
 * Streamable HTTP (`related`), a question that came on a call's own response stream is tagged
 * with that call's key (see {@link RELATED_CALL_META}) and goes to that call. Any other question
 * (stdio and in-memory servers, the standalone GET stream) goes to the one call in flight; with
 * none, or several (which one asked cannot be known, and is never guessed), it is declined
 * (elicitation, the reason in `_meta`) or refused (sampling, the reason in the error). The
 * remote party's text is shown escaped and named as the server's.
 */
export class RemoteQuestions {
  readonly #calls = new Map<string, ToolContext>();
  #count = 0;

  /**
   * @param serverId - The server's configured id, named in the questions.
   * @param related - Whether the transport tags each question with the call it came with (Streamable HTTP).
   */
  public constructor(
    private readonly serverId: string,
    private readonly related: boolean,
  ) {}

  /** Registers `ctx` as talking to this server until the returned call's `leave()`. */
  public enter(ctx: ToolContext): RemoteCall {
    const key = String(++this.#count);
    this.#calls.set(key, ctx);
    return {
      meta: this.related ? { [RELATED_CALL_META]: key } : {},
      leave: () => this.#calls.delete(key),
    };
  }

  /** Answers `client`'s server requests through the calls in flight. */
  public attach(client: Client): void {
    const { CreateMessageRequestSchema, ElicitRequestSchema } = sdkTypes();
    client.setRequestHandler(ElicitRequestSchema, (request) => this.#elicit(request.params as RemoteElicitation));
    client.setRequestHandler(CreateMessageRequestSchema, (request) => this.#sample(request.params as RemoteSampling));
  }

  #route(meta: unknown): Route {
    const key =
      this.related && typeof meta === 'object' && meta !== null
        ? (meta as Record<string, unknown>)[RELATED_CALL_META]
        : undefined;
    if (typeof key === 'string') {
      const ctx = this.#calls.get(key);
      return ctx === undefined ? { why: 'the call it came with has ended' } : { ctx };
    }
    const [only, ...others] = this.#calls.values();
    if (only === undefined) return { why: 'no call to this server is in flight' };
    if (others.length === 0) return { ctx: only };
    const unrelated = this.related
      ? "it came on no call's response stream"
      : 'this transport cannot tell which call a request belongs to';
    return { why: `${this.#calls.size} calls to this server are in flight and ${unrelated}` };
  }

  async #elicit(params: RemoteElicitation): Promise<ElicitResult> {
    if (params.mode === 'url' || params.requestedSchema === undefined) return { action: 'decline' };
    const route = this.#route(params._meta);
    if (!('ctx' in route)) return { action: 'decline', _meta: { [DECLINE_REASON_META]: `Declined: ${route.why}.` } };
    const { ctx } = route;
    const server = quoteForDisplay(this.serverId, Number.POSITIVE_INFINITY, 'line');
    const answer = await ctx.elicit({
      message: `MCP server ${server} asks: ${quoteForDisplay(params.message, Number.POSITIVE_INFINITY)}`,
      schema: params.requestedSchema as JsonObject,
    });
    return answer.action === 'accept'
      ? // Checked against the server's form by the context (flat fields: strings, numbers, booleans, string lists).
        { action: 'accept', content: answer.content as NonNullable<ElicitResult['content']> }
      : { action: answer.action };
  }

  async #sample(params: RemoteSampling): Promise<CreateMessageResult> {
    const route = this.#route(params._meta);
    if (!('ctx' in route)) throw mcpError('InvalidRequest', `This sampling request is refused: ${route.why}.`);
    const { ctx } = route;
    const { messages, maxTokens, systemPrompt, temperature, stopSequences, modelPreferences, metadata } = params;
    const answer = await ctx.sample({
      // Checked by the context: text turns only (an image or audio turn refuses the request).
      messages: messages as SamplingRequest['messages'],
      maxTokens,
      ...(systemPrompt === undefined ? {} : { systemPrompt }),
      ...(temperature === undefined ? {} : { temperature }),
      ...(stopSequences === undefined ? {} : { stopSequences }),
      ...(modelPreferences === undefined ? {} : { modelPreferences }),
      ...(metadata === undefined ? {} : { metadata }),
    });
    return {
      role: 'assistant',
      content: { type: 'text', text: answer.content.text },
      model: answer.model,
      ...(answer.stopReason === undefined ? {} : { stopReason: answer.stopReason }),
    };
  }
}
