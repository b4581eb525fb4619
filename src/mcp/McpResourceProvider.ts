import type { PermissionChecker, ResourceContents, ResourceDescriptor, ResourceProvider } from '../index.js';
import { checkMcpPermission } from './checkMcpPermission.js';
import type { McpConnection } from './McpConnection.js';
import { McpPermissionRequest } from './McpPermissionRequest.js';
import type { McpProviderOptions } from './McpProviderOptions.js';
import { toRemoteFailure } from './toRemoteFailure.js';

const MAX_PAGES = 1000;

/**
 * One MCP server's resources as the core's `ResourceProvider`. Listing is free; every `read`
 * is first checked as `mcp.read_resource` (target `server/uri`).
 */
export class McpResourceProvider implements ResourceProvider {
  public constructor(
    private readonly connection: McpConnection,
    private readonly permissions: PermissionChecker,
    private readonly options: McpProviderOptions = {},
  ) {}

  public async list(): Promise<readonly ResourceDescriptor[]> {
    return this.#remote('resources/list', async () => {
      const client = await this.connection.client();
      const found: ResourceDescriptor[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const result = await client.listResources(cursor === undefined ? {} : { cursor });
        for (const resource of result.resources) {
          found.push({
            uri: resource.uri,
            name: resource.name,
            ...(resource.description === undefined ? {} : { description: resource.description }),
            ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
            metadata: { mcpServer: this.connection.id, ...(resource.title === undefined ? {} : { title: resource.title }) },
          });
        }
        cursor = result.nextCursor;
        if (cursor === undefined) break;
      }
      return found;
    });
  }

  public async read(uri: string): Promise<readonly ResourceContents[]> {
    await checkMcpPermission(this.permissions, new McpPermissionRequest('mcp.read_resource', this.connection.id, uri), this.options);
    return this.#remote(`resource "${uri}"`, async () => {
      const result = await (await this.connection.client()).readResource({ uri });
      return result.contents.map((content): ResourceContents => {
        const mime = content.mimeType === undefined ? {} : { mimeType: content.mimeType };
        return 'text' in content && typeof content.text === 'string'
          ? { uri: content.uri, ...mime, text: content.text }
          : { uri: content.uri, ...mime, blob: 'blob' in content && typeof content.blob === 'string' ? content.blob : '' };
      });
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
