import { describe, expect, it } from '@jest/globals';
import { run } from '../../samples/04-filesystem-tools/index.js';

describe('samples/04-filesystem-tools', () => {
  it('reads, pauses an edit for approval with its diff, resumes it, and refuses an escape', async () => {
    const lines: string[] = [];
    const report = await run((line) => lines.push(line));

    expect(report.listing).toMatchObject({
      status: 'completed',
      result: { result: { output: { type: 'structured', value: { truncated: false } } } },
    });
    expect(report.read).toMatchObject({
      status: 'completed',
      result: {
        result: { output: { type: 'text', text: 'export const greet = (name: string) => `Hello, ${name}`;\n' } },
        metadata: { totalLines: 1, truncated: false },
      },
    });
    expect(report.asked).toMatchObject({
      status: 'interrupted',
      interruption: {
        type: 'approval_required',
        approval: { toolName: 'fs_edit_file', requests: [{ kind: 'fs.edit' }] },
      },
    });
    expect(report.resumed).toMatchObject({
      status: 'completed',
      result: { result: { output: { type: 'structured', value: { replacements: 1 } } } },
    });
    expect(report.escape).toMatchObject({
      status: 'failed',
      invoked: false,
      error: { code: 'permission_denied', details: { reason: 'outside_roots' } },
    });
    expect(report.finalContent).toBe('export const greet = (name: string) => `Hi, ${name}`;\n');
    expect(report.escaped).toBe(false);
    expect(report.cleanedUp).toBe(true);
    expect(lines).toStrictEqual([
      'list -> completed: {"type":"structured","value":{"entries":[{"name":"src","path":"<root>/src","kind":"directory"},{"name":"greet.ts","path":"<root>/src/greet.ts","kind":"file","size":57}],"truncated":false}}',
      'read src/greet.ts -> completed, 1 line(s)',
      'edit -> approval required: edit <root>/src/greet.ts (1 replacement)',
      '  diff shown to the approver:\n--- <root>/src/greet.ts\n+++ <root>/src/greet.ts\n@@ -1,1 +1,1 @@\n-export const greet = (name: string) => `Hello, ${name}`;\n+export const greet = (name: string) => `Hi, ${name}`;',
      'approved and resumed -> completed',
      'write ghost/../../README.txt -> permission_denied ("outside_roots"), invoked: false',
      'src/greet.ts now: export const greet = (name: string) => `Hi, ${name}`;',
      'file outside the root changed: false',
      'workspace removed: true',
    ]);
  });
});
