import { BasePermissionRequest, quoteForDisplay, type MetadataMap, type PolicySubjects } from '../index.js';

/** The permission kinds of the MCP built-in. */
export const MCP_PERMISSION_KINDS = ['mcp.connect', 'mcp.invoke_tool', 'mcp.read_resource', 'mcp.get_prompt'] as const;

export type McpPermissionKind = (typeof MCP_PERMISSION_KINDS)[number];

const VERBS: Record<McpPermissionKind, string> = {
  'mcp.connect': 'connect to MCP server',
  'mcp.invoke_tool': 'call MCP tool',
  'mcp.read_resource': 'read MCP resource',
  'mcp.get_prompt': 'get MCP prompt',
};

/**
 * One MCP side effect, described before it happens. `target` is what policy rules match:
 * `server/tool` for `mcp.invoke_tool`, `server/uri` for `mcp.read_resource`, `server/prompt`
 * for `mcp.get_prompt`, the server id for `mcp.connect`. `metadata` always names `server`. Its
 * `policySubjects()` name the server (and the tool, resource or prompt): a call outside this
 * process, which the default checker asks about.
 */
export class McpPermissionRequest extends BasePermissionRequest {
  public override readonly target: string;
  public override readonly metadata: MetadataMap;

  public constructor(
    public readonly kind: McpPermissionKind,
    public readonly server: string,
    public readonly name?: string,
    metadata: MetadataMap = {},
  ) {
    super();
    this.target = name === undefined ? server : `${server}/${name}`;
    this.metadata = { server, ...(name === undefined ? {} : { name }), ...metadata };
  }

  public override policySubjects(): PolicySubjects {
    return { mcp: { server: this.server, ...(this.name === undefined ? {} : { name: this.name }) } };
  }

  /**
   * `call MCP tool "search" on server "github"`: the names quoted through the display function
   * (a remote server chooses its tool, resource and prompt names); a very long name is shortened,
   * saying by how much, and `target` carries the whole raw text.
   */
  public summary(): string {
    const server = quoteForDisplay(this.server);
    return this.name === undefined ? `${VERBS[this.kind]} ${server}` : `${VERBS[this.kind]} ${quoteForDisplay(this.name)} on server ${server}`;
  }
}
