import { describe, expect, it } from '@jest/globals';
import { type ApprovalRequest } from '../../src/index.js';
import { describeInterruption } from '../../src/internal/index.js';

const approval = (reason: string): ApprovalRequest => ({
  id: 'a-1',
  callId: 'c-1',
  toolName: 'write',
  sessionId: 's',
  turnId: 't',
  requests: [],
  reason,
  binding: 'b'.repeat(64),
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T00:15:00.000Z',
});

describe(describeInterruption.name, () => {
  it('shows a reason on one line with its hidden characters escaped (a custom checker writes any text)', () => {
    expect(
      describeInterruption({ type: 'approval_required', approval: approval('ok\u001b[2K\r\nsafe \u202eetirw') }),
    ).toBe(String.raw`Waiting for approval: ok\u001b[2K\r\nsafe \u202eetirw. The call has not run yet.`);
  });

  it('leaves a reason that is already escaped as it is', () => {
    const reason = String.raw`mcp.invoke_tool "docs/fetch\u202eeteled" needs approval`;
    expect(describeInterruption({ type: 'approval_required', approval: approval(reason) })).toBe(
      `Waiting for approval: ${reason}. The call has not run yet.`,
    );
  });
});
