import { describe, expect, it } from '@jest/globals';
import { run } from '../../samples/05-shell-tool/index.js';

describe('samples/05-shell-tool', () => {
  it('runs what the policy allows, pauses a compound command for approval, and kills a timed-out process tree', async () => {
    const lines: string[] = [];
    const report = await run((line) => lines.push(line));

    expect(report.status).toMatchObject({
      status: 'completed',
      result: {
        result: {
          isError: false,
          output: {
            type: 'structured',
            value: {
              exitCode: 0,
              stdout: report.gitAvailable ? '?? hello.txt\n?? package.json\n' : 'git is not installed\n',
            },
          },
        },
      },
    });
    expect(report.npmTest).toMatchObject({
      status: 'completed',
      result: { result: { output: { value: { exitCode: 0, stdout: '1 test passed\n' } } } },
    });
    expect(report.compound).toMatchObject({
      status: 'interrupted',
      interruption: {
        type: 'approval_required',
        // rm writes hello.txt: an fs.write request of its own since issue 9
        approval: {
          reason: expect.stringMatching(
            /^shell\.exec "npm test --silent && rm -f hello\.txt" needs approval: no policy allow rule covers "rm -f hello\.txt", and the policy fallback is "ask"\.; fs\.write "\/\S+\/hello\.txt" needs approval: no policy allow rule covers "\/\S+\/hello\.txt", and the policy fallback is "ask"\.$/u,
          ),
        },
      },
    });
    expect(report.compoundApproved).toMatchObject({ status: 'completed', result: { result: { isError: false } } });
    expect(report.timeout).toMatchObject({
      status: 'completed',
      result: { result: { isError: true, output: { value: { timedOut: true } } } },
    });
    expect(report.leaked).toBe(false);
    expect(lines).toContain('  the background job wrote its file: false');
    // Real commands (git, npm test, a process tree killed at its timeout): about 3.5 s on a quiet 2-core machine.
  }, 30_000);
});
