import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CreateMessageResult, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject, SamplingRequest, ToolContext } from '../index.js';
import { quoteForDisplay } from '../internal/index.js';
import { mcpError, sdkTypes } from './loadSdkTypes.js';

/** A server's `elicitation/create` parameters, as read here. */
interface RemoteElicitation {
  readonly message: string;
  readonly mode?: string | undefined;
  readonly requestedSchema?: unknown;
}

/** A server's `sampling/createMessage` parameters, as read here (checked again by the context). */
interface RemoteSampling {
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

/**
 * A connected server's questions (`elicitation/create`, `sampling/createMessage`) routed into
 * the calls that are talking to it: each goes to the context of the most recent call of this
 * connection still in flight, so it takes the same path as the call's own `ctx.elicit` /
 * `ctx.sample` (the host's handler, the MCP client above us, or the interruption). The remote
 * party's text is shown escaped and named as the server's. A question while no call runs is
 * declined (elicitation) or refused (sampling).
 */
export class RemoteQuestions {
  readonly #calls: ToolContext[] = [];

  public constructor(private readonly serverId: string) {}

  /** Registers `ctx` as talking to this server until the returned function is called. */
  public enter(ctx: ToolContext): () => void {
    this.#calls.push(ctx);
    return () => {
      const index = this.#calls.lastIndexOf(ctx);
      if (index >= 0) this.#calls.splice(index, 1);
    };
  }

  /** Answers `client`'s server requests through the calls in flight. */
  public attach(client: Client): void {
    const { CreateMessageRequestSchema, ElicitRequestSchema } = sdkTypes();
    client.setRequestHandler(ElicitRequestSchema, (request) => this.#elicit(request.params as RemoteElicitation));
    client.setRequestHandler(CreateMessageRequestSchema, (request) => this.#sample(request.params as RemoteSampling));
  }

  async #elicit(params: RemoteElicitation): Promise<ElicitResult> {
    const ctx = this.#calls.at(-1);
    if (ctx === undefined || params.mode === 'url' || params.requestedSchema === undefined)
      return { action: 'decline' };
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
    const ctx = this.#calls.at(-1);
    if (ctx === undefined) {
      throw mcpError('InvalidRequest', 'No call is in flight to answer this sampling request.');
    }
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
