import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BasicToolExecutor,
  DefaultPermissionChecker,
  PolicyPermissionChecker,
  type ApprovalRequest,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { ShellPermissionRequest } from '../../src/shell/index.js';
import { createToolRequest } from '../../src/testing/index.js';
import { createShellHarness, type ShellHarness } from '../shell/fixtures/createShellHarness.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool } from '../fixtures/plainTool.js';

/** A command whose dangerous tail sits far past what a reason or summary shows. */
const PADDING = 'x'.repeat(1_300);
const COMMAND = `git status -- ${PADDING}; touch pwned`;
const LEFT_OUT = `"… [${(COMMAND.length - 200).toLocaleString('en-US')} more characters]`;

function approvalOf(outcome: ToolExecutionOutcome): ApprovalRequest {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required') {
    throw new Error(`expected an approval interruption, got ${JSON.stringify(outcome)}`);
  }
  return outcome.interruption.approval;
}

describe(BasicToolExecutor.name, () => {
  describe('.execute (what a person approves is what runs)', () => {
    let shell: ShellHarness;

    beforeAll(async () => {
      shell = await createShellHarness({
        checker: new PolicyPermissionChecker({
          rules: [
            { effect: 'ask', kind: 'shell.exec' },
            { effect: 'ask', kind: 'fs.write' },
          ],
          fallback: 'deny',
        }),
      });
    });

    afterAll(async () => {
      await shell.close();
    });

    it('never cuts a long command silently: reason and summary say how much they left out, target holds all of it', async () => {
      const approval = approvalOf(await shell.run({ command: COMMAND }));
      const [request] = approval.requests;
      expect({ target: request?.target, summary: request?.summary, reason: approval.reason }).toStrictEqual({
        target: COMMAND,
        summary: `run "${COMMAND.slice(0, 200)}${LEFT_OUT} in ${shell.root}`,
        reason: `shell.exec "${COMMAND.slice(0, 200)}${LEFT_OUT} needs approval: policy rule ask shell.exec (any target) asks for it.; fs.write "${shell.root}/pwned" needs approval: policy rule ask fs.write (any target) asks for it.`,
      });
      expect(shell.exists('pwned')).toBe(false);
    });

    it('runs, once approved, exactly the command the approval names in full', async () => {
      const request = {
        callId: 'long-1',
        toolName: 'shell_exec',
        input: { command: COMMAND },
        sessionId: 'session-1',
        turnId: 'turn-1',
        metadata: {},
      };
      const approval = approvalOf(await shell.executor.execute(request));
      // The hidden `touch` also surfaces as its own write request (the full path, never cut).
      expect(approval.requests.map((entry) => entry.target)).toStrictEqual([COMMAND, `${shell.root}/pwned`]);
      expect(await shell.executor.executeApproved(request, approval)).toMatchObject({ status: 'completed' });
      expect(shell.exists('pwned')).toBe(true);
    });
  });

  describe('.execute (approval text under the default checker)', () => {
    it('says how much of a long target its reason left out', async () => {
      const facts = {
        command: COMMAND,
        form: 'command' as const,
        subcommands: [],
        risks: [],
        cwd: '/w',
        envKeys: [],
        redirections: [],
      };
      const tool = plainTool({ name: 'run_long', preflight: () => [new ShellPermissionRequest(facts)] });
      const executor = createExecutor([tool], {
        permissions: new DefaultPermissionChecker({ isInsideRoots: () => true }),
      });
      const approval = approvalOf(await executor.execute(createToolRequest('run_long')));
      expect(approval.reason).toBe(
        `shell.exec "${COMMAND.slice(0, 200)}${LEFT_OUT} needs approval: it runs a shell command, which can do anything the user running this process can.`,
      );
      expect(approval.requests[0]?.target).toBe(COMMAND);
    });
  });
});
