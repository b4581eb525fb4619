import { describe, expect, it } from '@jest/globals';
import type { FileSystemRequestKind } from '../../src/fs/index.js';
import { MCP_PERMISSION_KINDS } from '../../src/mcp/index.js';
import { BUILT_IN_PERMISSION_KINDS } from '../../src/permissions/assertPolicyPermissionCheckerOptions.js';
import type { ToolInvokePermissionRequest } from '../../src/permissions/ToolInvokePermissionRequest.js';
import type { ShellPermissionRequest } from '../../src/shell/index.js';

/** Every kind the fs built-in raises: adding one to `FileSystemRequestKind` fails to compile here. */
const FS_KINDS: Record<FileSystemRequestKind, true> = {
  'fs.read': true,
  'fs.list': true,
  'fs.write': true,
  'fs.edit': true,
  'fs.delete': true,
  'fs.move': true,
  'fs.mkdir': true,
};

/** The single kinds of the shell and tool families, checked against the request classes' literal types. */
const SHELL_KIND: ShellPermissionRequest['kind'] = 'shell.exec';
const TOOL_KIND: ToolInvokePermissionRequest['kind'] = 'tool.invoke';

describe('BUILT_IN_PERMISSION_KINDS', () => {
  it('lists exactly the kinds the built-ins raise, by family', () => {
    expect(BUILT_IN_PERMISSION_KINDS).toStrictEqual({
      'fs.': Object.keys(FS_KINDS),
      'shell.': [SHELL_KIND],
      'mcp.': [...MCP_PERMISSION_KINDS],
      'tool.': [TOOL_KIND],
    });
  });
});
