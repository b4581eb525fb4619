import { Container } from 'inversify';
import { join } from 'node:path';
import { agentkitModule, APPROVAL_STORE, TOOL_EXECUTOR, type ToolExecutor } from '../../src/index.js';
import { fileSystemTools } from '../../src/fs/index.js';
import { FileApprovalStore } from '../../src/stores/index.js';

/**
 * The executor of every process of one run: the filesystem tools on `workspace` under the
 * default policy (reads allowed, changes need approval), and approvals kept in `stateDir`
 * so that another process can resume them, once.
 */
export async function createAgentExecutor(workspace: string, stateDir: string): Promise<ToolExecutor> {
  const container = new Container();
  container.bind(APPROVAL_STORE).toConstantValue(new FileApprovalStore({ directory: join(stateDir, 'approvals') }));
  container.load(agentkitModule({ roots: [{ path: workspace }] }), fileSystemTools());
  return container.getAsync(TOOL_EXECUTOR);
}
