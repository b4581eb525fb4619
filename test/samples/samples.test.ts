import { describe, expect, it } from '@jest/globals';
import { run as helloTool } from '../../samples/01-hello-tool/index.js';
import { run as permissions } from '../../samples/02-permissions/index.js';
import { run as nestedTools } from '../../samples/03-nested-tools/index.js';

function collect(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}

describe('samples', () => {
  it('01-hello-tool: a one-class tool completes and invalid input is refused before it runs', async () => {
    const { lines, log } = collect();
    const report = await helloTool(log);
    expect(report.toolNames).toStrictEqual(['greet']);
    expect(report.valid).toMatchObject({
      status: 'completed',
      result: { result: { output: { type: 'text', text: 'Hello, Ada! Hello, Ada!' } } },
    });
    expect(report.invalid).toMatchObject({ status: 'failed', invoked: false, error: { code: 'invalid_input' } });
    expect(lines.join('\n')).toContain('/times: must be <= 3');
  });

  it('02-permissions: allow, deny, approval, resume after a JSON round trip, single use', async () => {
    const { log } = collect();
    const report = await permissions(log);
    expect(report.allowed.status).toBe('completed');
    expect(report.denied).toMatchObject({
      status: 'failed',
      invoked: false,
      error: { code: 'permission_denied', details: { code: 'spam_trap' } },
    });
    expect(report.asked).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
    expect(report.resumed.status).toBe('completed');
    expect(report.replayed).toMatchObject({ status: 'failed', error: { details: { reason: 'already_used' } } });
    expect(report.outbox).toStrictEqual(['bob@example.com: hi', 'carol@partner.org: contract attached']);
  });

  it("03-nested-tools: a child's approval pauses the parent, and resuming publishes", async () => {
    const { log } = collect();
    const report = await nestedTools(log);
    expect(report.first).toMatchObject({
      status: 'interrupted',
      interruption: { type: 'approval_required', approval: { toolName: 'release.publish', callId: 'rel-1/2' } },
    });
    expect(report.resumed).toMatchObject({
      status: 'completed',
      result: { result: { output: { type: 'text', text: 'released 1.2.0' } } },
    });
    expect(report.steps).toStrictEqual(['tested 1.2.0', 'tested 1.2.0', 'published 1.2.0']);
  });
});
