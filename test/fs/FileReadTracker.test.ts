import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  agentkitModule,
  APPROVAL_STORE,
  TOOL_EXECUTOR,
  ToolConfigurationError,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../../src/index.js';
import { FileReadTracker, fileSystemTools, type FileSnapshot } from '../../src/fs/index.js';
import { FileApprovalStore } from '../../src/stores/index.js';
import { createToolRequest } from '../../src/testing/index.js';

const SNAPSHOT: FileSnapshot = { dev: 1, ino: 2, size: 3, mtimeMs: 4, ctimeMs: 5 };

let temp: string;
let workspace: string;
let state: string;

beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), 'agentkit-read-tracker-'));
  workspace = join(temp, 'workspace');
  state = join(temp, 'state');
  mkdirSync(workspace);
  writeFileSync(join(workspace, 'notes.txt'), 'draft\n');
});

afterEach(() => {
  rmSync(temp, { recursive: true, force: true });
});

/** One host process's executor: nothing in memory is shared with another call of this function. */
async function startHost(durableReads: boolean): Promise<ToolExecutor> {
  const container = new Container();
  container.bind(APPROVAL_STORE).toConstantValue(new FileApprovalStore({ directory: join(state, 'approvals') }));
  container.load(
    agentkitModule({ roots: [{ path: workspace }] }),
    fileSystemTools(durableReads ? { readTracker: new FileReadTracker({ directory: join(state, 'reads') }) } : {}),
  );
  return container.getAsync(TOOL_EXECUTOR);
}

const read = createToolRequest('fs_read_file', { path: 'notes.txt' }, { sessionId: 's-1' });
const edit = createToolRequest(
  'fs_edit_file',
  { path: 'notes.txt', oldString: 'draft', newString: 'final' },
  { sessionId: 's-1' },
);

/** Reads the file and asks to edit it in a first host; returns the approval the edit waits for. */
async function stopAtTheEdit(durableReads: boolean) {
  const first = await startHost(durableReads);
  expect(summarize(await first.execute(read))).toStrictEqual({ status: 'completed' });
  const paused = await first.execute(edit);
  if (paused.status !== 'interrupted' || paused.interruption.type !== 'approval_required')
    throw new Error(`expected an approval, got ${JSON.stringify(paused)}`);
  await first.close();
  return paused.interruption.approval;
}

function summarize(outcome: ToolExecutionOutcome): unknown {
  return outcome.status === 'failed'
    ? {
        status: 'failed',
        code: outcome.error.code,
        reason: outcome.error.details['reason'] ?? null,
        invoked: outcome.invoked,
      }
    : { status: outcome.status };
}

describe(FileReadTracker.name, () => {
  describe('an edit approved in a new process', () => {
    it('runs there: the new process knows which version the model read', async () => {
      const approval = await stopAtTheEdit(true);
      const second = await startHost(true);
      expect(summarize(await second.executeApproved(edit, approval))).toStrictEqual({ status: 'completed' });
      expect(readFileSync(join(workspace, 'notes.txt'), 'utf8')).toBe('final\n');
    });

    it('is refused with the in-memory tracker (the model would have to read the file again)', async () => {
      const approval = await stopAtTheEdit(false);
      const second = await startHost(false);
      expect(summarize(await second.executeApproved(edit, approval))).toStrictEqual({
        status: 'failed',
        code: 'invalid_input',
        reason: 'not_read',
        invoked: false,
      });
      expect(readFileSync(join(workspace, 'notes.txt'), 'utf8')).toBe('draft\n');
    });

    it('is refused when the file changed after the model read it', async () => {
      const approval = await stopAtTheEdit(true);
      writeFileSync(join(workspace, 'notes.txt'), 'draft, changed by someone else\n');
      const second = await startHost(true);
      expect(summarize(await second.executeApproved(edit, approval))).toStrictEqual({
        status: 'failed',
        code: 'invalid_input',
        reason: 'stale_read',
        invoked: false,
      });
      expect(readFileSync(join(workspace, 'notes.txt'), 'utf8')).toBe('draft, changed by someone else\n');
    });
  });

  describe('its directory', () => {
    it('keeps one 0600 file per session, named by a hash (no session id on disk), in a 0700 directory', () => {
      const tracker = new FileReadTracker({ directory: join(state, 'reads') });
      tracker.record('session/../1', '/w/a.txt', SNAPSHOT);
      const names = readdirSync(join(state, 'reads'));
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/^[0-9a-f]{64}\.json$/);
      expect(statSync(join(state, 'reads', names[0] ?? '')).mode & 0o777).toBe(0o600);
      expect(statSync(join(state, 'reads')).mode & 0o777).toBe(0o700);
    });

    it('gives back in another instance what one recorded, and forgets what one forgot or cleared', () => {
      const directory = join(state, 'reads');
      const one = new FileReadTracker({ directory });
      one.record('s-1', '/w/a.txt', SNAPSHOT);
      one.record('s-1', '/w/b.txt', { ...SNAPSHOT, sha256: 'f'.repeat(64) });
      one.record('s-2', '/w/a.txt', SNAPSHOT);
      one.forget('s-1', '/w/a.txt');
      one.clearSession('s-2');
      const two = new FileReadTracker({ directory });
      expect([two.get('s-1', '/w/a.txt'), two.get('s-1', '/w/b.txt'), two.get('s-2', '/w/a.txt')]).toStrictEqual([
        undefined,
        { ...SNAPSHOT, sha256: 'f'.repeat(64) },
        undefined,
      ]);
      expect(readdirSync(directory)).toHaveLength(1);
    });

    it('keeps what another process recorded for the same session before it records its own', () => {
      const directory = join(state, 'reads');
      new FileReadTracker({ directory }).record('s-1', '/w/a.txt', SNAPSHOT);
      new FileReadTracker({ directory }).record('s-1', '/w/b.txt', SNAPSHOT);
      const three = new FileReadTracker({ directory });
      expect([three.get('s-1', '/w/a.txt'), three.get('s-1', '/w/b.txt')]).toStrictEqual([SNAPSHOT, SNAPSHOT]);
    });

    it('reads a damaged or foreign file as nothing read (the model reads again), never as a snapshot', () => {
      const directory = join(state, 'reads');
      const tracker = new FileReadTracker({ directory });
      tracker.record('s-1', '/w/a.txt', SNAPSHOT);
      const [name] = readdirSync(directory);
      writeFileSync(
        join(directory, name ?? ''),
        JSON.stringify({ '/w/a.txt': { ...SNAPSHOT, size: 'big' }, '/w/b.txt': SNAPSHOT }),
      );
      const fresh = new FileReadTracker({ directory });
      expect([fresh.get('s-1', '/w/a.txt'), fresh.get('s-1', '/w/b.txt')]).toStrictEqual([undefined, SNAPSHOT]);
      writeFileSync(join(directory, name ?? ''), '{ not json');
      expect(new FileReadTracker({ directory }).get('s-1', '/w/b.txt')).toBeUndefined();
    });

    it('refuses a directory other users can write to (they could plant what the model "read")', () => {
      mkdirSync(join(state, 'reads'), { recursive: true, mode: 0o700 });
      chmodSync(join(state, 'reads'), 0o777);
      expect(() => new FileReadTracker({ directory: join(state, 'reads') })).toThrow(
        /FileReadTracker: the directory .* is writable by other users \(mode 777\)/,
      );
    });
  });

  it('is the only kind of value fileSystemTools takes as readTracker', () => {
    expect(() => fileSystemTools({ readTracker: { get: () => undefined } as never })).toThrow(ToolConfigurationError);
    expect(() => fileSystemTools({ readTracker: { get: () => undefined } as never })).toThrow(
      /\{ readTracker \}\) must be a ReadTracker/,
    );
  });
});
