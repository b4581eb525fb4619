import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('npm run samples', () => {
  it('runs every sample, as the README says, and exits 0', async () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const [command, ...args] = (scripts.samples ?? '').split(' ');
    expect(command).toBe('node');
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: ROOT, timeout: 60_000 });
    for (const sample of ['01-hello-tool', '02-permissions', '03-nested-tools', '04-filesystem-tools', '05-shell-tool', '06-mcp-tools', '07-serve-over-mcp', '08-agent-loop']) {
      expect(stdout).toContain(`=== ${sample} ===`);
    }
    expect(stdout).toContain('approved and resumed -> completed');
    expect(stdout).toContain('server-everything stopped');
    expect(stdout).toContain('server stopped, temp directory removed: true');
    expect(stdout).toContain('done; summary.md written: true');
  }, 60_000);
});
