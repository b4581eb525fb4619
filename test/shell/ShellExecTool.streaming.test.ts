import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ToolEvent } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

/** The `{ stream, text }` chunks of a call's output events, in order. */
function chunksOf(events: readonly ToolEvent[]): { stream: string; text: string }[] {
  return events.flatMap((event) => (event.type === 'output' ? [event.chunk as { stream: string; text: string }] : []));
}

describe.each(['auto', 'off'] as const)(`${ShellExecTool.name} streaming (sandbox: %s)`, (sandbox) => {
  let shell: ShellHarness;

  beforeAll(async () => {
    shell = await createShellHarness({ shell: { sandbox, maxOutputBytes: 1_000, hardOutputLimitBytes: 256 * 1024 } });
  });

  afterAll(async () => {
    await shell.close();
  });

  it('says it streams', () => {
    const spec = shell.executor.specs().find((candidate) => candidate.name === 'shell_exec');
    expect(spec?.annotations.supportsStreamingHint).toBe(true);
  });

  it('streams stdout and stderr while the command still runs', async () => {
    const events: ToolEvent[] = [];
    // The command waits for a file the listener writes when it hears "ready": it can only end
    // if the first line was delivered while it ran.
    const outcome = await shell.run(
      { command: 'echo ready; while [ ! -f go ]; do sleep 0.02; done; echo warn >&2; echo done', timeoutMs: 20_000 },
      {
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'output' && JSON.stringify(event.chunk).includes('ready')) {
            writeFileSync(path.join(shell.root, 'go'), '');
          }
        },
      },
    );
    expect(getShellValue(outcome)).toMatchObject({ exitCode: 0, stdout: 'ready\ndone\n', stderr: 'warn\n' });
    const chunks = chunksOf(events);
    expect(
      chunks
        .filter((chunk) => chunk.stream === 'stdout')
        .map((chunk) => chunk.text)
        .join(''),
    ).toBe('ready\ndone\n');
    expect(
      chunks
        .filter((chunk) => chunk.stream === 'stderr')
        .map((chunk) => chunk.text)
        .join(''),
    ).toBe('warn\n');
    expect(events.every((event) => event.callId.startsWith('shell-'))).toBe(true);
  });

  it('streams at most the head the result keeps, then one notice', async () => {
    const events: ToolEvent[] = [];
    const outcome = await shell.run(
      { command: "head -c 100000 /dev/zero | tr '\\0' a" },
      { onEvent: (event) => events.push(event) },
    );
    expect(getShellValue(outcome)).toMatchObject({ exitCode: 0, truncated: true });
    const chunks = chunksOf(events);
    const streamed = chunks
      .slice(0, -1)
      .map((chunk) => chunk.text)
      .join('');
    expect(streamed).toBe('a'.repeat(500));
    expect(chunks.at(-1)?.text).toContain('the rest is not streamed');
  });

  it('keeps a character split across chunks whole', async () => {
    const events: ToolEvent[] = [];
    await shell.run(
      { command: "printf '\\303'; sleep 0.1; printf '\\251\\n'" },
      { onEvent: (event) => events.push(event) },
    );
    expect(
      chunksOf(events)
        .map((chunk) => chunk.text)
        .join(''),
    ).toBe('é\n');
  });
});
