import type { PermissionChecker } from '../index.js';
import type { PromptDescriptor, PromptMessage, PromptProvider, PromptResult } from './PromptProvider.js';
import { quoteForDisplay } from '../internal/index.js';
import { buildContentPart } from './buildContentPart.js';
import { callRemote } from './callRemote.js';
import { checkMcpPermission } from './checkMcpPermission.js';
import { collectPages } from './collectPages.js';
import type { McpConnection } from './McpConnection.js';
import { McpPermissionRequest } from './McpPermissionRequest.js';
import type { McpProviderOptions } from './McpProviderOptions.js';

/**
 * One MCP server's prompts as the core's `PromptProvider`. Listing is free; every `get` is first
 * checked as `mcp.get_prompt` (target `server/prompt`). Message content maps like tool results.
 */
export class McpPromptProvider implements PromptProvider {
  /** @internal Built by `McpClientRegistry.resources(id)` / `.prompts(id)`. */
  public constructor(
    private readonly connection: McpConnection,
    private readonly permissions: PermissionChecker,
    private readonly options: McpProviderOptions = {},
  ) {}

  /** Every prompt the server offers. */
  public async list(): Promise<readonly PromptDescriptor[]> {
    return callRemote(this.connection, 'prompts/list', async () => {
      const client = await this.connection.client();
      return collectPages(
        (params) => client.listPrompts(params),
        (page) =>
          page.prompts.map((prompt): PromptDescriptor => ({
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
          })),
      );
    });
  }

  /** The prompt `name` rendered with `args`, fetched from the server. */
  public async get(name: string, args: Readonly<Record<string, string>> = {}): Promise<PromptResult> {
    await checkMcpPermission(
      this.permissions,
      new McpPermissionRequest('mcp.get_prompt', this.connection.id, name),
      this.options,
    );
    return callRemote(this.connection, `prompt ${quoteForDisplay(name)}`, async () => {
      const result = await (await this.connection.client()).getPrompt({ name, arguments: { ...args } });
      const messages = result.messages.map((message): PromptMessage => ({
        role: message.role,
        content: buildContentPart(message.content),
      }));
      return { ...(result.description === undefined ? {} : { description: result.description }), messages };
    });
  }
}
