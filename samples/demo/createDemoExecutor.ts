import { Container } from 'inversify';
import path from 'node:path';
import { agentkitModule, APPROVAL_STORE, TOOL_EXECUTOR, type ToolExecutor } from '../../src/index.js';
import { codeTools } from '../../src/code/index.js';
import { FileReadTracker, fileSystemTools } from '../../src/fs/index.js';
import { mcpServers } from '../../src/mcp/index.js';
import { shellTools } from '../../src/shell/index.js';
import { FileApprovalStore } from '../../src/stores/index.js';
import { createTrackerServer } from './createTrackerServer.js';
import { OwnersDirectory } from './OwnersDirectory.js';
import { OwnersLookupTool } from './OwnersLookupTool.js';

/**
 * The demo's executor, the same in every process of a run: the fs tools and the shell tool on
 * `workspace`, the in-process MCP tracker, the custom `owners_lookup` tool with its injected
 * service, all under the default policy (reads inside the workspace allowed, changes, commands
 * and remote calls need approval, everything outside the workspace refused), with approvals
 * kept in `stateDir` with the read-before-write memory, so that a new process can resume them,
 * once (an edit approved after a restart still knows which version of the file the model read).
 * With `codeMode` (`--code`) it also has `code_run`, whose scripts may call every other tool;
 * a paused script's record of finished calls is kept in that same store, so it resumes in a
 * new process too.
 */
export async function createDemoExecutor(workspace: string, stateDir: string, codeMode = false): Promise<ToolExecutor> {
  const container = new Container();
  container
    .bind(APPROVAL_STORE)
    .toConstantValue(new FileApprovalStore({ directory: path.join(stateDir, 'approvals') }));
  container
    .bind(OwnersDirectory)
    .toConstantValue(new OwnersDirectory({ 'docs/': 'docs-team@example.com', 'scripts/': 'build-team@example.com' }));
  container.bind(OwnersLookupTool).toSelf();
  container.load(
    agentkitModule({ roots: [{ path: workspace }] }),
    fileSystemTools({ readTracker: new FileReadTracker({ directory: path.join(stateDir, 'reads') }) }),
    shellTools(),
    mcpServers({ servers: [{ id: 'tracker', transport: { type: 'in_memory', server: createTrackerServer() } }] }),
    ...(codeMode ? [codeTools()] : []),
  );
  return container.getAsync(TOOL_EXECUTOR);
}
