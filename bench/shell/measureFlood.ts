/**
 * `node --import @swc-node/register/esm-register bench/shell/measureFlood.ts`: 100 MB of
 * `yes | head -c 100000000` through shell_exec with a listener on its streamed output, and the
 * process's peak RSS before and after (issue 18: a flood cannot grow memory). The hard output
 * limit is raised past 100 MB so the whole flood runs; the result keeps its 1 MiB head and tail,
 * the stream its head.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Container } from 'inversify';
import { agentkitModule, PERMISSION_CHECKER, PermissionDecision, TOOL_EXECUTOR } from '../../src/index.js';
import { shellTools } from '../../src/shell/index.js';
import { describeLoad } from '../report.js';

const FLOOD_BYTES = 100_000_000;

export interface FloodResult {
  readonly producedBytes: number;
  readonly streamedChars: number;
  readonly peakRssBeforeMb: number;
  readonly peakRssAfterMb: number;
  readonly ms: number;
}

/** Runs the flood once and reports what was streamed and the peak RSS. */
export async function measureFlood(log: (line: string) => void = console.log, listen = true): Promise<FloodResult> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-bench-flood-')));
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue({ evaluate: () => PermissionDecision.allow() });
  container.load(
    agentkitModule({ roots: [{ path: root }] }),
    shellTools({ sandbox: 'off', hardOutputLimitBytes: 2 * FLOOD_BYTES }),
  );
  const executor = await container.getAsync(TOOL_EXECUTOR);
  try {
    const peakRssBeforeMb = process.resourceUsage().maxRSS / 1024;
    let streamedChars = 0;
    const started = performance.now();
    const outcome = await executor.execute(
      {
        callId: 'flood',
        toolName: 'shell_exec',
        input: { command: `yes | head -c ${String(FLOOD_BYTES)}`, timeoutMs: 120_000 },
        sessionId: 's',
        turnId: 't',
        metadata: {},
      },
      listen
        ? {
            onEvent: (event) => {
              if (event.type === 'output') streamedChars += (event.chunk as { readonly text: string }).text.length;
            },
          }
        : {},
    );
    const ms = performance.now() - started;
    if (outcome.status !== 'completed' || outcome.result.result.output.type !== 'structured') {
      throw new Error(`the flood did not complete: ${JSON.stringify(outcome).slice(0, 500)}`);
    }
    const value = outcome.result.result.output.value as { readonly exitCode: number | null };
    const metadata = outcome.result.metadata as { readonly stdoutBytes?: number };
    const result: FloodResult = {
      producedBytes: metadata.stdoutBytes ?? Number.NaN,
      streamedChars,
      peakRssBeforeMb,
      peakRssAfterMb: process.resourceUsage().maxRSS / 1024,
      ms,
    };
    log(
      `shell_exec flood (${listen ? 'streamed to a listener' : 'nobody listening'}): ${String(result.producedBytes)} bytes produced (exit ${String(value.exitCode)}), ${String(streamedChars)} chars streamed, peak RSS ${result.peakRssBeforeMb.toFixed(0)} MB before -> ${result.peakRssAfterMb.toFixed(0)} MB after, ${ms.toFixed(0)} ms (${describeLoad()})`,
    );
    return result;
  } finally {
    await executor.close();
    await rm(root, { recursive: true, force: true });
  }
}

// `-- quiet`: the same flood with nobody listening (peak RSS is per process: compare two runs).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await measureFlood(console.log, !process.argv.includes('quiet'));
}
