import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT = path.join(ROOT, 'samples/demo/project');

/** `npm start`'s command line, from package.json (so the tests run what `npm start` runs). */
export function getStartCommand(): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const [command, ...args] = (scripts['start'] ?? '').split(' ');
  if (command !== 'node') throw new Error(`npm start does not run node: ${String(scripts['start'])}`);
  return args;
}

/** A temp dir with a copy of the bundled project (`root`) and a state file path in it. */
export function createRun(): { dir: string; root: string; state: string } {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-demo-test-')));
  const root = path.join(dir, 'root');
  cpSync(PROJECT, root, { recursive: true });
  return { dir, root, state: path.join(dir, 'state.json') };
}

/** Runs the demo in a child process without a terminal (in `env`, by default this one's); rejects unless it exits 0. */
export async function runDemo(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [...getStartCommand(), ...args], {
    cwd: ROOT,
    timeout: 60_000,
    ...(env === undefined ? {} : { env }),
  });
  return stdout;
}

/** Every file under `dir` with its content, to tell whether anything was written. */
export function readTree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) files[name] = readFileSync(file, 'utf8');
  }
  return files;
}

export interface SavedRecord {
  readonly toolName: string;
  readonly outcome: string;
  readonly approval: string;
}

/** The persisted run: status, what is pending, and each call's outcome and approval (times left out). */
export function readState(state: string): { status: string; pending: string[]; records: SavedRecord[] } {
  const saved = JSON.parse(readFileSync(state, 'utf8')) as {
    status: string;
    pending: { request: { toolName: string } }[];
    records: (SavedRecord & { callId: string; ms: number })[];
  };
  return {
    status: saved.status,
    pending: saved.pending.map((pending) => pending.request.toolName),
    records: saved.records.map(({ toolName, outcome, approval }) => ({ toolName, outcome, approval })),
  };
}
