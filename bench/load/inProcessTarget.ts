import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Container } from 'inversify';
import { fileSystemTools } from '../../src/fs/index.js';
import {
  agentkitModule,
  APPROVAL_STORE,
  InMemoryApprovalStore,
  TOOL_EXECUTOR,
  type JsonValue,
  type ToolExecutionOutcome,
  type ToolRequest,
} from '../../src/index.js';
import { EXECUTOR_DEFAULTS } from '../../src/internal/index.js';
import { shellTools } from '../../src/shell/index.js';
import type { CallKind } from './callMix.js';
import { expectApprovalRequired, expectCompletedText, expectFailed } from './expectOutcome.js';
import { LOAD_ECHO_TOOL, LoadEchoTool } from './LoadEchoTool.js';
import type { LoadTarget, UnitContext } from './LoadTarget.js';
import type { LoadTree } from './loadTree.js';

/** The in-memory store keeps an approval this long past its expiry (RETENTION_AFTER_EXPIRY_MS in src/interrupt/InMemoryApprovalStore.ts, not exported). */
const STORE_RETENTION_MS = 60 * 60 * 1000;

const ALL_KINDS: readonly CallKind[] = [
  'echo',
  'read',
  'list',
  'deny',
  'invalid',
  'missing',
  'approve',
  'reject',
  'shell',
];

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * The executor in this process, wired as the bin wires it (the default permission checker, the
 * filesystem tools over the tree's root, `shell_exec` with its default sandbox mode) plus an
 * echo tool. Approvals are granted with `executeApproved` and refused with `reject`; a granted
 * shell approval is presented a second time and must be refused (single use). The approval
 * store is the default one, bound explicitly so the run can count what it holds and move its
 * pruning clock (never the executor's expiry clock).
 */
export async function createInProcessTarget(tree: LoadTree): Promise<LoadTarget> {
  // The default store, with a clock the run can move on to show what it holds is only retained.
  let clockOffsetMs = 0;
  const approvals = new InMemoryApprovalStore(() => Date.now() + clockOffsetMs);
  const container = new Container();
  container.bind(APPROVAL_STORE).toConstantValue(approvals);
  container.bind(LoadEchoTool).toSelf();
  container.load(agentkitModule({ roots: [{ path: tree.root }] }), fileSystemTools(), shellTools());
  const executor = await container.getAsync(TOOL_EXECUTOR);

  const request = (context: UnitContext, call: number, toolName: string, input: JsonValue): ToolRequest => ({
    callId: `load-${context.index}-${call}`,
    toolName,
    input,
    sessionId: `load-worker-${context.worker}`,
    turnId: `load-turn-${context.index}`,
    metadata: {},
  });
  /** One model call whose approval a person grants: asked, then resumed. */
  const approved = async (
    call: ToolRequest,
  ): Promise<{ outcome: ToolExecutionOutcome; resume: () => Promise<ToolExecutionOutcome> }> => {
    const { approval } = expectApprovalRequired(await executor.execute(call));
    return {
      outcome: await executor.executeApproved(call, approval),
      resume: () => executor.executeApproved(call, approval),
    };
  };

  const units: Record<CallKind, (context: UnitContext) => Promise<void>> = {
    echo: async (context) => {
      const text = `echo ${context.index}`;
      expectCompletedText(
        await context.time(() => executor.execute(request(context, 0, LOAD_ECHO_TOOL, { text }))),
        text,
      );
    },
    read: async (context) => {
      const file = context.index % tree.files.length;
      expectCompletedText(
        await context.time(() =>
          executor.execute(request(context, 0, 'fs_read_file', { path: tree.files[file] as string })),
        ),
        tree.markerOf(file),
      );
    },
    list: async (context) => {
      expectCompletedText(
        await context.time(() => executor.execute(request(context, 0, 'fs_list_directory', { path: 'docs' }))),
        'file-00.txt',
      );
    },
    deny: async (context) => {
      expectFailed(
        await context.time(() => executor.execute(request(context, 0, 'fs_read_file', { path: tree.outside }))),
        'permission_denied',
        'outside_roots',
        false,
      );
    },
    invalid: async (context) => {
      const call =
        context.index % 2 === 0
          ? request(context, 0, LOAD_ECHO_TOOL, { text: context.index })
          : request(context, 0, 'fs_read_file', { path: tree.files[0] as string, unexpected: true });
      expectFailed(await context.time(() => executor.execute(call)), 'invalid_input', undefined, false);
    },
    missing: async (context) => {
      expectFailed(
        await context.time(() =>
          executor.execute(request(context, 0, 'fs_read_file', { path: `docs/missing-${context.index}.txt` })),
        ),
        'execution_failed',
        'not_found',
        true,
      );
    },
    approve: async (context) => {
      const relative = `out/approved-${context.index}.txt`;
      const content = `written by unit ${context.index}\n`;
      const write = await context.time(() =>
        approved(request(context, 0, 'fs_write_file', { path: relative, content })),
      );
      expectCompletedText(write.outcome, '');
      if ((await readFile(path.join(tree.root, relative), 'utf8')) !== content)
        throw new Error(`${relative}: not the approved content`);
      const remove = await context.time(() => approved(request(context, 1, 'fs_delete', { path: relative })));
      expectCompletedText(remove.outcome, '');
      if (await exists(path.join(tree.root, relative)))
        throw new Error(`${relative}: still there after the approved delete`);
    },
    reject: async (context) => {
      const relative = `out/rejected-${context.index}.txt`;
      const call = request(context, 0, 'fs_write_file', { path: relative, content: 'never written\n' });
      const outcome = await context.time(async () =>
        executor.reject(
          { request: call, interruption: expectApprovalRequired(await executor.execute(call)) },
          'load run: refused',
        ),
      );
      expectFailed(outcome, 'permission_denied', 'rejected_by_user', false);
      if (await exists(path.join(tree.root, relative))) throw new Error(`${relative}: written although refused`);
    },
    shell: async (context) => {
      const marker = `shell-${context.index}`;
      const run = await context.time(() => approved(request(context, 0, 'shell_exec', { argv: ['echo', marker] })));
      expectCompletedText(run.outcome, marker);
      // The same approval again: single use, so refused, and nothing runs.
      expectFailed(await context.time(run.resume), 'permission_denied', 'already_used', false);
    },
  };

  return {
    name: 'in process (executor)',
    kinds: ALL_KINDS,
    callsOf: (kind) => (kind === 'approve' || kind === 'shell' ? 2 : 1),
    runUnit: (kind, context) => units[kind](context),
    pid: process.pid,
    approvalsHeld: () => approvals.size,
    movePruneClock: (passed) => {
      clockOffsetMs = passed ? EXECUTOR_DEFAULTS.approvalTtlMs + STORE_RETENTION_MS + 60_000 : 0;
    },
    close: () => executor.close(),
  };
}
