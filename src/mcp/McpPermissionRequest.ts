import { BasePermissionRequest, type MetadataMap, type PolicySubjects } from '../index.js';
import { quoteForDisplay } from '../internal/index.js';

/** The permission kinds of the MCP built-in. */
export const MCP_PERMISSION_KINDS = ['mcp.connect', 'mcp.invoke_tool', 'mcp.read_resource', 'mcp.get_prompt'] as const;

/** One of {@link MCP_PERMISSION_KINDS}. */
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
  /** `server/name`, or the server id alone. */
  public override readonly target: string;
  /** `server`, `name` when there is one, and what the caller adds. */
  public override readonly metadata: MetadataMap;

  /**
   * @param kind - what is about to happen.
   * @param server - the server id.
   * @param name - the tool, resource URI or prompt, when there is one.
   * @param metadata - more for people to read.
   */
  public constructor(
    /** What is about to happen. */
    public readonly kind: McpPermissionKind,
    /** The server id. */
    public readonly server: string,
    /** The tool, resource URI or prompt, when there is one. */
    public readonly name?: string,
    metadata: MetadataMap = {},
  ) {
    super();
    this.target = name === undefined ? server : `${server}/${name}`;
    this.metadata = { server, ...(name === undefined ? {} : { name }), ...metadata };
  }

  /** The server and the name: a call outside this process. */
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
    return this.name === undefined
      ? `${VERBS[this.kind]} ${server}`
      : `${VERBS[this.kind]} ${quoteForDisplay(this.name)} on server ${server}`;
  }
}
