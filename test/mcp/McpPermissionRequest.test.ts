import { describe, expect, it } from '@jest/globals';
import { McpPermissionRequest } from '../../src/mcp/index.js';

describe(McpPermissionRequest.name, () => {
  describe('.toJSON', () => {
    it('serializes a tool call with target server/tool', () => {
      expect(
        new McpPermissionRequest('mcp.invoke_tool', 'github', 'search', { toolName: 'mcp_github_search' }).toJSON(),
      ).toStrictEqual({
        kind: 'mcp.invoke_tool',
        summary: 'call MCP tool "search" on server "github"',
        target: 'github/search',
        metadata: { server: 'github', name: 'search', toolName: 'mcp_github_search' },
      });
    });

    it('serializes a connect request with the server as target', () => {
      expect(new McpPermissionRequest('mcp.connect', 'github').toJSON()).toStrictEqual({
        kind: 'mcp.connect',
        summary: 'connect to MCP server "github"',
        target: 'github',
        metadata: { server: 'github' },
      });
    });
  });

  describe('.policySubjects', () => {
    it('names the server and, when there is one, the tool, resource or prompt', () => {
      expect([
        new McpPermissionRequest('mcp.invoke_tool', 'github', 'search').policySubjects(),
        new McpPermissionRequest('mcp.connect', 'github').policySubjects(),
      ]).toStrictEqual([{ mcp: { server: 'github', name: 'search' } }, { mcp: { server: 'github' } }]);
    });
  });
});
