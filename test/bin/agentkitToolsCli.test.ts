import { afterAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MAIN_HELP, SERVE_HELP } from '../../src/bin/parseCommandLine.js';
import { getServeCommand, PROJECT_ROOT } from '../mcp/fixtures/startServe.js';

const dir = mkdtempSync(path.join(tmpdir(), 'agentkit-cli-'));
const { version } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };

/** `agentkit-tools <args>` run to its end: its exit code and output. */
async function agentkitTools(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { command, args: argv } = await getServeCommand(args);
  try {
    const { stdout, stderr } = await promisify(execFile)(command, argv, { cwd: dir });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the agentkit-tools bin', () => {
  it('prints its help and version and exits 0', async () => {
    expect(await agentkitTools(['--help'])).toStrictEqual({ code: 0, stdout: `${MAIN_HELP}\n`, stderr: '' });
    expect(await agentkitTools(['serve', '--help'])).toStrictEqual({ code: 0, stdout: `${SERVE_HELP}\n`, stderr: '' });
    expect(await agentkitTools(['--version'])).toStrictEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  }, 60_000);

  it('stops at start-up on a bad policy file, naming the file, the line and the key', async () => {
    const policy = path.join(dir, 'policy.json');
    writeFileSync(
      policy,
      '{\n  "rules": [\n    { "effect": "allow", "kind": "fs.read" },\n    { "effect": "deny", "kind": "fs.writes" }\n  ],\n  "fallback": "ask"\n}\n',
    );
    const result = await agentkitTools(['serve', '--root', dir, '--policy', policy]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(
        `^agentkit-tools: --policy ${policy}, line 4: rules\\[1\\]\\.kind "fs\\.writes" is not a kind of the built-in family "fs\\."`,
        'u',
      ),
    );
  }, 60_000);
});
