import { describe, expect, it } from '@jest/globals';
import {
  InMemoryApprovalStore,
  PermissionDecision,
  ToolConfigurationError,
  type ApprovalRequest,
  type PermissionChecker,
} from '../../src/index.js';
import { DEFAULT_MAX_APPROVALS } from '../../src/internal/index.js';
import { createToolRequest } from '../../src/testing/index.js';
import { buildApproval, writeTool } from '../fixtures/approvalStoreContract.js';
import { createExecutor } from '../fixtures/createExecutor.js';

const ASK: PermissionChecker = { evaluate: () => PermissionDecision.requireApproval('needs a person') };

describe(InMemoryApprovalStore.name, () => {
  describe('its count limit', () => {
    it('keeps at most maxEntries approvals, evicting the oldest first and saying so', () => {
      const evicted: string[] = [];
      const store = new InMemoryApprovalStore({ maxEntries: 3, onEvict: (approval) => evicted.push(approval.id) });
      const issued = ['a', 'b', 'c', 'd', 'e'].map((id) => buildApproval({ id }));
      for (const approval of issued) store.issue(approval);
      expect({ size: store.size, evicted: store.evicted, told: evicted }).toStrictEqual({
        size: 3,
        evicted: 2,
        told: ['a', 'b'],
      });
      expect(['a', 'b', 'c', 'd', 'e'].map((id) => store.get(id)?.id)).toStrictEqual([
        undefined,
        undefined,
        'c',
        'd',
        'e',
      ]);
      expect([store.consume('a'), store.consume('c')]).toStrictEqual(['unknown', 'consumed']);
    });

    it('counts used approvals too: memory is bounded whatever became of them', () => {
      const store = new InMemoryApprovalStore({ maxEntries: 2 });
      for (const id of ['a', 'b', 'c']) {
        store.issue(buildApproval({ id }));
        store.consume(id);
      }
      expect({ size: store.size, evicted: store.evicted }).toStrictEqual({ size: 2, evicted: 1 });
    });

    it('stays at its limit under many approvals', () => {
      const store = new InMemoryApprovalStore({ maxEntries: 100 });
      for (let index = 0; index < 5_000; index++) store.issue(buildApproval({ id: `id-${index}` }));
      expect({
        size: store.size,
        evicted: store.evicted,
        newest: store.get('id-4999')?.id,
        oldestKept: store.get('id-4900')?.id,
      }).toStrictEqual({
        size: 100,
        evicted: 4_900,
        newest: 'id-4999',
        oldestKept: 'id-4900',
      });
    });

    it('issues the approval even when the eviction listener throws', () => {
      const store = new InMemoryApprovalStore({
        maxEntries: 1,
        onEvict: () => {
          throw new Error('listener bug');
        },
      });
      store.issue(buildApproval({ id: 'a' }));
      store.issue(buildApproval({ id: 'b' }));
      expect([store.get('a'), store.get('b')?.id, store.evicted]).toStrictEqual([undefined, 'b', 1]);
    });

    it('has a documented default and still takes the clock alone', () => {
      const store = new InMemoryApprovalStore(() => 0);
      expect([store.maxEntries, DEFAULT_MAX_APPROVALS]).toStrictEqual([10_000, 10_000]);
    });

    it.each([0, -1, 1.5, Number.NaN, '10'])('refuses maxEntries %p at start-up', (maxEntries) => {
      expect(() => new InMemoryApprovalStore({ maxEntries: maxEntries as number })).toThrow(ToolConfigurationError);
      expect(() => new InMemoryApprovalStore({ maxEntries: maxEntries as number })).toThrow(
        /maxEntries must be a whole number from 1/,
      );
    });

    it('refuses an onEvict that is not a function', () => {
      expect(
        () => new InMemoryApprovalStore({ onEvict: 'log' as unknown as (approval: ApprovalRequest) => void }),
      ).toThrow(/onEvict must be a function/);
    });

    it('answers a resumed evicted approval unknown_approval, saying it may have been evicted', async () => {
      const tool = writeTool();
      const approvals = new InMemoryApprovalStore({ maxEntries: 1 });
      const executor = createExecutor([tool], { permissions: ASK, approvals });
      const first = createToolRequest('write', { path: 'a.txt' });
      const paused = await executor.execute(first);
      if (paused.status !== 'interrupted' || paused.interruption.type !== 'approval_required')
        throw new Error('expected an approval');
      await executor.execute(createToolRequest('write', { path: 'b.txt' }));
      expect(approvals.evicted).toBe(1);

      const outcome = await executor.executeApproved(first, paused.interruption.approval);
      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { reason: 'unknown_approval' } },
      });
      expect(outcome.status === 'failed' && outcome.error.message).toContain(
        'may have been evicted because the limit of the store was reached',
      );
      expect(tool.calls).toStrictEqual([]);
    });
  });
});
