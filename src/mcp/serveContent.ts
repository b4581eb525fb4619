import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { sdkTypes } from './loadSdkTypes.js';
import type { ServedContent } from './servedContent.js';
import { toContentBlock } from './toContentBlock.js';

/** The most completion values one answer carries (MCP's cap). */
const MAX_COMPLETION_VALUES = 100;

/** What a server serving `content` declares besides tools. */
export function getContentCapabilities(content: ServedContent | undefined): ServerCapabilities {
  if (content === undefined) return {};
  const { resources, prompts } = content;
  return {
    ...(resources.isEmpty ? {} : { resources: { subscribe: true } }),
    ...(prompts.isEmpty ? {} : { prompts: {} }),
    ...(resources.isEmpty && prompts.isEmpty ? {} : { completions: {} }),
  };
}

/**
 * Serves `content` on `server` (one MCP session): resources/list, resources/templates/list,
 * resources/read, resources/subscribe and unsubscribe (changes the class announces become
 * `notifications/resources/updated` to this session), prompts/list, prompts/get and
 * completion/complete. Returns what ends this session's subscriptions (call it when it closes).
 */
export function serveContent(server: Server, content: ServedContent): () => void {
  const { resources, prompts } = content;
  const {
    CompleteRequestSchema,
    GetPromptRequestSchema,
    ListPromptsRequestSchema,
    ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema,
    ReadResourceRequestSchema,
    SubscribeRequestSchema,
    UnsubscribeRequestSchema,
  } = sdkTypes();
  const subscriptions = new Map<string, () => void>();
  if (!resources.isEmpty) {
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({
      resources: (await resources.list()).map(({ metadata: _metadata, ...resource }) => resource),
    }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
      resourceTemplates: [...(await resources.listTemplates())],
    }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
      contents: [...(await resources.read(request.params.uri))],
    }));
    server.setRequestHandler(SubscribeRequestSchema, (request) => {
      const { uri } = request.params;
      if (!subscriptions.has(uri)) {
        const stop = resources.subscribe(uri, () => {
          if (subscriptions.has(uri)) void server.sendResourceUpdated({ uri }).catch(() => undefined);
        });
        subscriptions.set(uri, stop);
      }
      return {};
    });
    server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
      const stop = subscriptions.get(request.params.uri);
      subscriptions.delete(request.params.uri);
      stop?.();
      return {};
    });
  }
  if (!prompts.isEmpty) {
    server.setRequestHandler(ListPromptsRequestSchema, async () => ({
      prompts: (await prompts.list()).map(({ metadata, ...prompt }) => ({
        ...prompt,
        ...(typeof metadata?.['title'] === 'string' ? { title: metadata['title'] } : {}),
        arguments: [...(prompt.arguments ?? [])],
      })),
    }));
    server.setRequestHandler(GetPromptRequestSchema, async (request) => {
      const result = await prompts.get(request.params.name, request.params.arguments ?? {});
      return {
        ...(result.description === undefined ? {} : { description: result.description }),
        messages: result.messages.map((message) => ({ role: message.role, content: toContentBlock(message.content) })),
      };
    });
  }
  if (!resources.isEmpty || !prompts.isEmpty) {
    server.setRequestHandler(CompleteRequestSchema, async (request) => {
      const { ref, argument } = request.params;
      const context = request.params.context?.arguments ?? {};
      let values: readonly string[];
      if (ref.type === 'ref/prompt') values = await prompts.complete(ref.name, argument.name, argument.value, context);
      else values = await resources.complete(ref.uri, argument.name, argument.value, context);
      return {
        completion: {
          values: values.slice(0, MAX_COMPLETION_VALUES),
          total: values.length,
          hasMore: values.length > MAX_COMPLETION_VALUES,
        },
      };
    });
  }
  return () => {
    for (const stop of subscriptions.values()) stop();
    subscriptions.clear();
  };
}
