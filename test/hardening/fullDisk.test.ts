import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PermissionDecision,
  TOOL_EXECUTOR,
  type JsonValue,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../../src/index.js';
import { fileSystemTools } from '../../src/fs/index.js';

/**
 * A full disk under the fs tools: the workspace root is a 64 KiB tmpfs (this suite mounts it,
 * so it needs root or CAP_SYS_ADMIN, as the project's machines and CI have), filled so that a
 * second copy of a file cannot fit. Overwrites and edits write a temp file next to the target
 * and rename it: on ENOSPC the original must stay as it was and no temp file may be left.
 */
const SIZE = 64 * 1024;
const ORIGINAL = `${'original line of the file\n'.repeat(1100)}the last line\n`; // ~28 KiB: two of them fill most of the disk

let base: string;
let root: string;
let executor: ToolExecutor;
let calls = 0;
let mounted = false;

function call(toolName: string, input: JsonValue): Promise<ToolExecutionOutcome> {
  return executor.execute({
    callId: `disk-${++calls}`,
    toolName,
    input,
    sessionId: 'session-1',
    turnId: 'turn-1',
    metadata: {},
  });
}

function summarize(outcome: ToolExecutionOutcome): Record<string, unknown> {
  if (outcome.status !== 'failed') return { status: outcome.status };
  const { reason, errno } = outcome.error.details;
  return { status: 'failed', code: outcome.error.code, reason, errno, invoked: outcome.invoked };
}

/** Every entry of the root with the size and digest of its content: the whole state a failed write must leave unchanged. */
function readRoot(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(root).map((name) => {
      const content = readFileSync(path.join(root, name));
      return [name, `${content.length} bytes, sha256 ${createHash('sha256').update(content).digest('hex')}`];
    }),
  );
}

describe('the fs tools on a full disk (a 64 KiB tmpfs)', () => {
  beforeAll(async () => {
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-disk-')));
    root = path.join(base, 'root');
    mkdirSync(root);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE},mode=0755`, 'tmpfs', root], { stdio: 'pipe' });
    } catch (error) {
      rmSync(base, { recursive: true, force: true });
      throw new Error(
        `This suite mounts a 64 KiB tmpfs to fill: run it as root (as the project's machines and CI do). mount said: ${String(error)}`,
      );
    }
    mounted = true;
    writeFileSync(path.join(root, 'overwrite.txt'), ORIGINAL);
    writeFileSync(path.join(root, 'edit.txt'), ORIGINAL);
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue({ evaluate: () => PermissionDecision.allow() });
    container.load(agentkitModule({ roots: [{ path: root }] }), fileSystemTools());
    executor = await container.getAsync(TOOL_EXECUTOR);
    // Read before write: the tools refuse to replace a file the session has not read.
    for (const name of ['overwrite.txt', 'edit.txt']) {
      const read = await call('fs_read_file', { path: name });
      if (read.status !== 'completed') throw new Error(`reading ${name} failed: ${JSON.stringify(read)}`);
    }
  });

  afterAll(() => {
    if (mounted) execFileSync('umount', [root]);
    rmSync(base, { recursive: true, force: true });
  });

  it('has no room for a second copy of a file (the premise of the suite)', () => {
    const { bavail, bsize } = statfsSync(root);

    expect(bavail * bsize).toBeLessThan(ORIGINAL.length);
  });

  it('fails an overwrite with io_error, leaving the original intact and no temp file', async () => {
    const before = readRoot();

    const outcome = await call('fs_write_file', {
      path: 'overwrite.txt',
      content: ORIGINAL.replaceAll('original', 'replaced'),
      overwrite: true,
    });

    expect({ outcome: summarize(outcome), after: readRoot() }).toStrictEqual({
      outcome: { status: 'failed', code: 'execution_failed', reason: 'io_error', errno: 'ENOSPC', invoked: true },
      after: before,
    });
  });

  it('fails an edit with io_error, leaving the original intact and no temp file', async () => {
    const before = readRoot();

    const outcome = await call('fs_edit_file', {
      path: 'edit.txt',
      oldString: 'the last line',
      newString: 'the edited last line',
    });

    expect({ outcome: summarize(outcome), after: readRoot() }).toStrictEqual({
      outcome: { status: 'failed', code: 'execution_failed', reason: 'io_error', errno: 'ENOSPC', invoked: true },
      after: before,
    });
  });

  it('fails a new file that does not fit with io_error, leaving no partial file', async () => {
    const before = readRoot();

    const outcome = await call('fs_write_file', { path: 'new.txt', content: ORIGINAL });

    expect({ outcome: summarize(outcome), after: readRoot() }).toStrictEqual({
      outcome: { status: 'failed', code: 'execution_failed', reason: 'io_error', errno: 'ENOSPC', invoked: true },
      after: before,
    });
  });
});
