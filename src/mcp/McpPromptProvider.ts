import type { PermissionChecker, PromptDescriptor, PromptMessage, PromptProvider, PromptResult } from '../index.js';
import { buildContentPart } from './buildContentPart.js';
import { checkMcpPermission } from './checkMcpPermission.js';
import type { McpConnection } from './McpConnection.js';
import { McpPermissionRequest } from './McpPermissionRequest.js';
import type { McpProviderOptions } from './McpProviderOptions.js';
import { toRemoteFailure } from './toRemoteFailure.js';

const MAX_PAGES = 1000;

/**
 * One MCP server's prompts as the core's `PromptProvider`. Listing is free; every `get` is first
 * checked as `mcp.get_prompt` (target `server/prompt`). Message content maps like tool results.
 */
export class McpPromptProvider implements PromptProvider {
  public constructor(
    private readonly connection: McpConnection,
    private readonly permissions: PermissionChecker,
    private readonly options: McpProviderOptions = {},
  ) {}

  public async list(): Promise<readonly PromptDescriptor[]> {
    return this.#remote('prompts/list', async () => {
      const client = await this.connection.client();
      const found: PromptDescriptor[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const result = await client.listPrompts(cursor === undefined ? {} : { cursor });
        for (const prompt of result.prompts) {
          found.push({
            name: prompt.name,
            ...(prompt.description === undefined ? {} : { description: prompt.description }),
            ...(prompt.arguments === undefined
              ? {}
              : {
                  arguments: prompt.arguments.map((argument) => ({
                    name: argument.name,
                    ...(argument.description === undefined ? {} : { description: argument.description }),
                    ...(argument.required === undefined ? {} : { required: argument.required }),
                  })),
                }),
            metadata: { mcpServer: this.connection.id, ...(prompt.title === undefined ? {} : { title: prompt.title }) },
          });
        }
        cursor = result.nextCursor;
        if (cursor === undefined) break;
      }
      return found;
    });
  }

  public async get(name: string, args: Readonly<Record<string, string>> = {}): Promise<PromptResult> {
    await checkMcpPermission(this.permissions, new McpPermissionRequest('mcp.get_prompt', this.connection.id, name), this.options);
    return this.#remote(`prompt "${name}"`, async () => {
      const result = await (await this.connection.client()).getPrompt({ name, arguments: { ...args } });
      const messages = result.messages.map((message): PromptMessage => ({ role: message.role, content: buildContentPart(message.content) }));
      return { ...(result.description === undefined ? {} : { description: result.description }), messages };
    });
  }

  async #remote<T>(what: string, body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (thrown) {
      const failure = toRemoteFailure(thrown, this.connection.id, what);
      if (failure.reset) await this.connection.reset();
      throw failure.error;
    }
  }
}
