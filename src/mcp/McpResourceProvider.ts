import type { PermissionChecker } from '../index.js';
import type { ResourceContents, ResourceDescriptor, ResourceProvider } from './ResourceProvider.js';
import { quoteForDisplay } from '../internal/index.js';
import { callRemote } from './callRemote.js';
import { checkMcpPermission } from './checkMcpPermission.js';
import { collectPages } from './collectPages.js';
import type { McpConnection } from './McpConnection.js';
import { McpPermissionRequest } from './McpPermissionRequest.js';
import type { McpProviderOptions } from './McpProviderOptions.js';

/**
 * One MCP server's resources as the core's `ResourceProvider`. Listing is free; every `read`
 * is first checked as `mcp.read_resource` (target `server/uri`).
 */
export class McpResourceProvider implements ResourceProvider {
  /** @internal Built by `McpClientRegistry.resources(id)` / `.prompts(id)`. */
  public constructor(
    private readonly connection: McpConnection,
    private readonly permissions: PermissionChecker,
    private readonly options: McpProviderOptions = {},
  ) {}

  /** Every resource the server offers. */
  public async list(): Promise<readonly ResourceDescriptor[]> {
    return callRemote(this.connection, 'resources/list', async () => {
      const client = await this.connection.client();
      return collectPages(
        (params) => client.listResources(params),
        (page) =>
          page.resources.map((resource): ResourceDescriptor => ({
            uri: resource.uri,
            name: resource.name,
            ...(resource.description === undefined ? {} : { description: resource.description }),
            ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
            metadata: {
              mcpServer: this.connection.id,
              ...(resource.title === undefined ? {} : { title: resource.title }),
            },
          })),
      );
    });
  }

  /** The contents at `uri`, read from the server. */
  public async read(uri: string): Promise<readonly ResourceContents[]> {
    await checkMcpPermission(
      this.permissions,
      new McpPermissionRequest('mcp.read_resource', this.connection.id, uri),
      this.options,
    );
    return callRemote(this.connection, `resource ${quoteForDisplay(uri)}`, async () => {
      const result = await (await this.connection.client()).readResource({ uri });
      return result.contents.map((content): ResourceContents => {
        const mime = content.mimeType === undefined ? {} : { mimeType: content.mimeType };
        return 'text' in content && typeof content.text === 'string'
          ? { uri: content.uri, ...mime, text: content.text }
          : {
              uri: content.uri,
              ...mime,
              blob: 'blob' in content && typeof content.blob === 'string' ? content.blob : '',
            };
      });
    });
  }
}
