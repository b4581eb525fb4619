// README: "Approvals that survive a restart".
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import {
  agentkitModule,
  APPROVAL_STORE,
  TOOL_EXECUTOR,
  type PendingCall,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from 'agentkit-tools-core';
import { fileSystemTools } from 'agentkit-tools-core/fs';
import { FileApprovalStore } from 'agentkit-tools-core/stores';

const workspaceDir = mkdtempSync(join(tmpdir(), 'agentkit-readme-'));
const stateDir = join(mkdtempSync(join(tmpdir(), 'agentkit-readme-state-')), 'approvals');

const container = new Container();
container.bind(APPROVAL_STORE).toConstantValue(new FileApprovalStore({ directory: stateDir }));
container.load(agentkitModule({ roots: [{ path: workspaceDir, mode: 'read_write' }] }), fileSystemTools());
const executor = await container.getAsync(TOOL_EXECUTOR);

/** Any process whose executor uses the same directory can finish a persisted call, once. */
export async function finish(
  executor: ToolExecutor,
  pending: PendingCall,
  approved: boolean,
  reason?: string,
): Promise<ToolExecutionOutcome> {
  if (approved && pending.interruption.type === 'approval_required') {
    return executor.executeApproved(pending.request, pending.interruption.approval);
  }
  return executor.reject(pending, reason); // the approval can never be used now; tell the model
}

export { executor, stateDir, workspaceDir };
