import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { BasicToolExecutor } from '../../src/index.js';
import { compiledScript } from '../fixtures/compiledScript.js';
import { PROJECT_ROOT } from '../mcp/fixtures/startServe.js';
import { TOOL_FAULTS } from './fixtures/toolFaults.js';

const HOST = path.join(PROJECT_ROOT, 'test/hardening/fixtures/toolFaultHost.ts');
/** Far more than the host needs once it reported; a leftover ref'd timer (the long scenarios use 600 s) holds it much longer. */
const EXIT_BOUND_MS = 5_000;

interface HostRun {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly report: {
    readonly outcomes?: Record<string, unknown>;
    readonly unhandled?: string[];
    readonly holding?: string[];
  };
  /** From the report line to the exit. */
  readonly exitAfterReportMs: number;
  readonly stderr: string;
}

let running: ChildProcess | undefined;
/** The host fixture compiled to JavaScript: the child is plain `node` (see compiledScript). */
let hostScript: string;

/** Runs the host and waits until it exits on its own, or kills it `EXIT_BOUND_MS` after its report. */
async function runHost(): Promise<HostRun> {
  const child = spawn(process.execPath, [hostScript], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  running = child;
  let stdout = '';
  let stderr = '';
  let reportedAt: number | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    if (reportedAt === undefined && stdout.includes('\n')) {
      reportedAt = performance.now();
      watchdog = setTimeout(() => child.kill('SIGKILL'), EXIT_BOUND_MS);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [exitCode, signal] = (await once(child, 'exit')) as [number | null, string | null];
  clearTimeout(watchdog);
  running = undefined;
  return {
    exitCode,
    signal,
    report: JSON.parse(stdout.trim() || '{}') as HostRun['report'],
    exitAfterReportMs: reportedAt === undefined ? Number.NaN : performance.now() - reportedAt,
    stderr,
  };
}

describe(`${BasicToolExecutor.name} with misbehaving tools, preflights and checkers (in a process of their own)`, () => {
  beforeAll(async () => {
    hostScript = await compiledScript(HOST);
  }, 60_000);

  afterEach(() => {
    // Only when a run did not end on its own (a failing test): the child is ours.
    if (running?.pid !== undefined && running.exitCode === null) running.kill('SIGKILL');
  });

  it('categorizes every fault, says invoked as it was, leaves no unhandled rejection, and lets the process exit', async () => {
    const run = await runHost();
    const expected = Object.fromEntries(TOOL_FAULTS.map((scenario) => [scenario.name, scenario.expected]));

    expect({ exitCode: run.exitCode, signal: run.signal, stderr: run.stderr, ...run.report }).toStrictEqual({
      exitCode: 0,
      signal: null,
      stderr: '',
      outcomes: expected,
      unhandled: [],
      holding: [],
    });
    expect(run.exitAfterReportMs).toBeLessThan(EXIT_BOUND_MS);
  }, 90_000);
});
