import type { ApprovalRequest } from './ApprovalRequest.js';
import type { ApprovalConsumeResult, ApprovalStore } from './ApprovalStore.js';

interface Entry {
  readonly approval: ApprovalRequest;
  readonly expiresAtMs: number;
  used: boolean;
}

/** Keeps no entry past its expiry plus this grace, so that "expired" can still be told apart. */
const RETENTION_AFTER_EXPIRY_MS = 60 * 60 * 1000;
const PRUNE_EVERY = 256;

/** The default {@link ApprovalStore}: a map in memory, pruned of long-expired entries. */
export class InMemoryApprovalStore implements ApprovalStore {
  readonly #entries = new Map<string, Entry>();
  #issuedSincePrune = 0;

  /** @param now - the clock pruning reads (milliseconds since the epoch); `Date.now` by default. */
  public constructor(private readonly now: () => number = Date.now) {}

  /** {@inheritDoc ApprovalStore.issue} */
  public issue(approval: ApprovalRequest): void {
    this.#entries.set(approval.id, {
      approval,
      expiresAtMs: Date.parse(approval.expiresAt),
      used: false,
    });
    if (++this.#issuedSincePrune >= PRUNE_EVERY) this.#prune();
  }

  /** {@inheritDoc ApprovalStore.get} */
  public get(id: string): ApprovalRequest | undefined {
    return this.#entries.get(id)?.approval;
  }

  /** {@inheritDoc ApprovalStore.consume} */
  public consume(id: string): ApprovalConsumeResult {
    const entry = this.#entries.get(id);
    if (entry === undefined) return 'unknown';
    if (entry.used) return 'already_used';
    entry.used = true;
    return 'consumed';
  }

  /** How many approvals it holds (used and expired ones until they are pruned). */
  public get size(): number {
    return this.#entries.size;
  }

  #prune(): void {
    this.#issuedSincePrune = 0;
    const cutoff = this.now() - RETENTION_AFTER_EXPIRY_MS;
    for (const [id, entry] of this.#entries) {
      if (entry.expiresAtMs < cutoff) this.#entries.delete(id);
    }
  }
}
