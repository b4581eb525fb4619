import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PermissionDecision,
  ToolConfigurationError,
  type ApprovalRequest,
  type PermissionChecker,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { FileApprovalStore } from '../../src/stores/index.js';
import { createToolRequest } from '../../src/testing/index.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool, TestRequest } from '../fixtures/plainTool.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const MINUTE = 60_000;
const ASK: PermissionChecker = { evaluate: () => PermissionDecision.requireApproval('needs a person') };
const ENTRY = /^approval-[0-9a-f]{64}\.(json|used)$/;

let root: string;
let dir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'agentkit-approval-store-'));
  dir = join(root, 'approvals');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function approval(id: string, overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    id,
    callId: 'call-1',
    toolName: 'write',
    sessionId: 'session-1',
    turnId: 'turn-1',
    requests: [{ kind: 'test.write', target: 'a.txt', summary: 'test.write a.txt' }],
    reason: 'needs a person',
    binding: 'b'.repeat(64),
    createdAt: new Date(T0).toISOString(),
    expiresAt: new Date(T0 + 15 * MINUTE).toISOString(),
    ...overrides,
  };
}

function writeTool() {
  return plainTool({ name: 'write', preflight: () => [new TestRequest('test.write', 'a.txt')] });
}

function summarize(outcome: ToolExecutionOutcome): unknown {
  return outcome.status === 'failed'
    ? {
        status: 'failed',
        code: outcome.error.code,
        reason: outcome.error.details.reason ?? null,
        invoked: outcome.invoked,
      }
    : { status: outcome.status };
}

describe(FileApprovalStore.name, () => {
  describe('constructor', () => {
    it('creates its directory with mode 0700', () => {
      const store = new FileApprovalStore({ directory: dir });
      expect({ directory: store.directory, mode: statSync(dir).mode & 0o777 }).toStrictEqual({
        directory: dir,
        mode: 0o700,
      });
    });

    it('refuses a directory other users can write to (they could plant approvals)', () => {
      mkdirSync(dir, { mode: 0o700 });
      chmodSync(dir, 0o777);
      expect(() => new FileApprovalStore({ directory: dir })).toThrow(ToolConfigurationError);
      expect(() => new FileApprovalStore({ directory: dir })).toThrow(/writable by other users \(mode 777\)/);
    });

    it('refuses a missing directory option and unknown keys', () => {
      expect(() => new FileApprovalStore({} as { directory: string })).toThrow(ToolConfigurationError);
      expect(() => new FileApprovalStore({ directory: dir, ttl: 5 } as { directory: string })).toThrow(
        /unknown key "ttl"/,
      );
    });
  });

  describe('.issue and .get', () => {
    it('keeps the approval in a 0600 file and gives it back whole, in another instance too', () => {
      new FileApprovalStore({ directory: dir }).issue(approval('a-1'));
      const names = readdirSync(dir);
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(ENTRY);
      expect(statSync(join(dir, names[0] ?? '')).mode & 0o777).toBe(0o600);
      expect(new FileApprovalStore({ directory: dir }).get('a-1')).toStrictEqual(approval('a-1'));
    });

    it('answers undefined for an id it never issued', () => {
      expect(new FileApprovalStore({ directory: dir }).get('never')).toBeUndefined();
    });

    it('names files after a digest of the id, so no id reaches a path', () => {
      const store = new FileApprovalStore({ directory: dir, now: () => T0 });
      for (const id of ['../escape', '/etc/passwd', 'a/../../b', 'nul\0byte', '.', 'x'.repeat(5000)])
        store.issue(approval(id));
      expect(readdirSync(root)).toStrictEqual(['approvals']);
      expect(readdirSync(dir).every((name) => ENTRY.test(name))).toBe(true);
      expect(store.get('../escape')?.id).toBe('../escape');
      expect(store.consume('nul\0byte')).toBe('consumed');
    });

    it('refuses to issue an id twice, even after it was used (no approval comes back to life)', () => {
      const store = new FileApprovalStore({ directory: dir, now: () => T0 });
      store.issue(approval('a-1'));
      expect(() => {
        store.issue(approval('a-1'));
      }).toThrow(/already holds an approval/);
      expect(store.consume('a-1')).toBe('consumed');
      expect(() => {
        store.issue(approval('a-1'));
      }).toThrow(/already holds an approval/);
      expect(store.consume('a-1')).toBe('already_used');
    });

    it('leaves no temp file behind', () => {
      const store = new FileApprovalStore({ directory: dir });
      store.issue(approval('a-1'));
      store.issue(approval('a-2'));
      expect(readdirSync(dir).filter((name) => !ENTRY.test(name))).toStrictEqual([]);
    });
  });

  describe('.consume', () => {
    it('answers consumed once, then already_used, in any instance; the used approval stays readable', () => {
      const first = new FileApprovalStore({ directory: dir, now: () => T0 });
      const second = new FileApprovalStore({ directory: dir, now: () => T0 });
      first.issue(approval('a-1'));
      expect([second.consume('a-1'), first.consume('a-1'), second.consume('a-1')]).toStrictEqual([
        'consumed',
        'already_used',
        'already_used',
      ]);
      expect(first.get('a-1')).toStrictEqual(approval('a-1'));
    });

    it('answers unknown for an id it never issued', () => {
      expect(new FileApprovalStore({ directory: dir }).consume('never')).toBe('unknown');
    });

    it('never consumes an expired approval, whatever the caller checked', () => {
      let now = T0;
      const store = new FileApprovalStore({ directory: dir, now: () => now });
      store.issue(approval('a-1'));
      now = T0 + 15 * MINUTE + 1;
      expect(store.consume('a-1')).toBe('unknown');
      expect(store.get('a-1')).toStrictEqual(approval('a-1'));
      now = T0 + 15 * MINUTE;
      expect(store.consume('a-1')).toBe('consumed');
    });

    const damages: readonly (readonly [string, (issued: ApprovalRequest) => string])[] = [
      ['not JSON', () => '{"id": "a-1", "binding": '],
      ['another id', () => JSON.stringify(approval('a-2'))],
      ['no binding', (issued) => JSON.stringify({ ...issued, binding: undefined })],
      ['a session id that is not a string', (issued) => JSON.stringify({ ...issued, sessionId: 7 })],
      ['requests that are not objects', (issued) => JSON.stringify({ ...issued, requests: ['x'] })],
      ['an expiry that does not parse', (issued) => JSON.stringify({ ...issued, expiresAt: 'soon' })],
    ];

    it.each(damages)(
      'never honours a damaged entry (%s), as the Redis and PostgreSQL stores: get finds nothing, consume says unknown',
      (_label, damage) => {
        const store = new FileApprovalStore({ directory: dir, now: () => T0 });
        store.issue(approval('a-1'));
        const [name] = readdirSync(dir);
        writeFileSync(join(dir, name ?? ''), damage(approval('a-1')));
        expect([store.get('a-1'), store.consume('a-1'), store.consume('a-1')]).toStrictEqual([
          undefined,
          'unknown',
          'unknown',
        ]);
        // Never moved to the used name: it was not an approval of ours.
        expect(readdirSync(dir)).toStrictEqual([name]);
      },
    );

    it('never reports a damaged used entry as used', () => {
      const store = new FileApprovalStore({ directory: dir, now: () => T0 });
      store.issue(approval('a-1'));
      expect(store.consume('a-1')).toBe('consumed');
      const [name] = readdirSync(dir);
      writeFileSync(join(dir, name ?? ''), JSON.stringify({ ...approval('a-1'), binding: 3 }));
      expect([store.get('a-1'), store.consume('a-1')]).toStrictEqual([undefined, 'unknown']);
    });
  });

  describe('.prune', () => {
    it('deletes approvals expired over an hour ago and stale temp files, and keeps the rest', () => {
      let now = T0;
      const store = new FileApprovalStore({ directory: dir, now: () => now });
      store.issue(approval('old', { expiresAt: new Date(T0 + MINUTE).toISOString() }));
      store.issue(approval('old-used', { expiresAt: new Date(T0 + MINUTE).toISOString() }));
      store.consume('old-used');
      store.issue(approval('recent', { expiresAt: new Date(T0 + 30 * MINUTE).toISOString() }));
      writeFileSync(join(dir, '.tmp-1-stale'), 'x');
      utimesSync(
        join(dir, '.tmp-1-stale'),
        new Date(Date.now() - 2 * 60 * MINUTE),
        new Date(Date.now() - 2 * 60 * MINUTE),
      );
      writeFileSync(join(dir, '.tmp-2-fresh'), 'x');
      now = T0 + 62 * MINUTE;
      expect(store.prune()).toBe(3);
      expect([store.get('old'), store.get('old-used'), store.get('recent')?.id]).toStrictEqual([
        undefined,
        undefined,
        'recent',
      ]);
      expect(readdirSync(dir).filter((name) => name.startsWith('.tmp-'))).toStrictEqual(['.tmp-2-fresh']);
    });
  });

  describe('behind an executor', () => {
    it('resumes the call in a new executor over the same directory (a restart), once', async () => {
      const tool = writeTool();
      const request = createToolRequest('write', { path: 'a.txt' });
      const before = createExecutor([writeTool()], {
        permissions: ASK,
        approvals: new FileApprovalStore({ directory: dir }),
      });
      const outcome = await before.execute(request);
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
        throw new Error('expected an approval');
      const presented = JSON.parse(JSON.stringify(outcome.interruption.approval)) as ApprovalRequest;
      const after = createExecutor([tool], { permissions: ASK, approvals: new FileApprovalStore({ directory: dir }) });
      expect(summarize(await after.executeApproved(request, presented))).toStrictEqual({ status: 'completed' });
      expect(summarize(await after.executeApproved(request, presented))).toStrictEqual({
        status: 'failed',
        code: 'permission_denied',
        reason: 'already_used',
        invoked: false,
      });
      expect(tool.calls).toHaveLength(1);
    });

    it('never runs an approval the store holds expired, even when the executor clock lags behind', async () => {
      let storeNow = T0;
      const tool = writeTool();
      const executor = createExecutor([tool], {
        permissions: ASK,
        now: () => T0,
        approvals: new FileApprovalStore({ directory: dir, now: () => storeNow }),
      });
      const request = createToolRequest('write', { path: 'a.txt' });
      const outcome = await executor.execute(request);
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
        throw new Error('expected an approval');
      storeNow = T0 + 16 * MINUTE;
      expect(summarize(await executor.executeApproved(request, outcome.interruption.approval))).toStrictEqual({
        status: 'failed',
        code: 'permission_denied',
        reason: 'unknown_approval',
        invoked: false,
      });
      expect(tool.calls).toStrictEqual([]);
    });

    it('tells the host an approval it rejects had expired (the store never consumes an expired one)', async () => {
      let now = T0;
      const executor = createExecutor([writeTool()], {
        permissions: ASK,
        now: () => now,
        approvals: new FileApprovalStore({ directory: dir, now: () => now }),
      });
      const request = createToolRequest('write', { path: 'a.txt' });
      const outcome = await executor.execute(request);
      if (outcome.status !== 'interrupted') throw new Error('expected an approval');
      now = T0 + 16 * MINUTE;
      const rejected = await executor.reject({ request, interruption: outcome.interruption });
      expect(rejected).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { reason: 'rejected_by_user', approvalStatus: 'expired' } },
      });
    });

    it('runs nothing for a damaged entry the executor is handed: unknown_approval, as Redis and PostgreSQL', async () => {
      const tool = writeTool();
      const executor = createExecutor([tool], {
        permissions: ASK,
        approvals: new FileApprovalStore({ directory: dir }),
      });
      const request = createToolRequest('write', { path: 'a.txt' });
      const outcome = await executor.execute(request);
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
        throw new Error('expected an approval');
      const [name] = readdirSync(dir);
      writeFileSync(join(dir, name ?? ''), JSON.stringify({ ...outcome.interruption.approval, sessionId: 7 }));
      expect(summarize(await executor.executeApproved(request, outcome.interruption.approval))).toStrictEqual({
        status: 'failed',
        code: 'permission_denied',
        reason: 'unknown_approval',
        invoked: false,
      });
      expect(tool.calls).toStrictEqual([]);
    });

    it('fails closed when its directory cannot be reached: nothing is issued and nothing runs', async () => {
      const tool = writeTool();
      const store = new FileApprovalStore({ directory: dir });
      const executor = createExecutor([tool], { permissions: ASK, approvals: store });
      const request = createToolRequest('write', { path: 'a.txt' });
      const outcome = await executor.execute(request);
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
        throw new Error('expected an approval');
      rmSync(dir, { recursive: true });
      const gone = await executor.executeApproved(request, outcome.interruption.approval);
      expect(summarize(gone)).toStrictEqual({
        status: 'failed',
        code: 'unavailable',
        reason: 'approval_store_unavailable',
        invoked: false,
      });
      expect(gone.status === 'failed' && gone.error.message).toContain(
        'FileApprovalStore could not read an approval (ENOENT)',
      );
      writeFileSync(dir, 'not a directory');
      const notDirectory = await executor.executeApproved(request, outcome.interruption.approval);
      expect(summarize(notDirectory)).toStrictEqual({
        status: 'failed',
        code: 'unavailable',
        reason: 'approval_store_unavailable',
        invoked: false,
      });
      expect(summarize(await executor.execute(request))).toStrictEqual({
        status: 'failed',
        code: 'unavailable',
        reason: 'approval_store_unavailable',
        invoked: false,
      });
      expect(tool.calls).toStrictEqual([]);
    });
  });
});
