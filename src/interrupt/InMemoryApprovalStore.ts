import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import type { ApprovalRequest } from './ApprovalRequest.js';
import type { ApprovalConsumeResult, ApprovalStore } from './ApprovalStore.js';

/** Options of {@link InMemoryApprovalStore}. */
export interface InMemoryApprovalStoreOptions {
  /**
   * The most approvals kept at once, used or not (default 10,000): past
   * it the oldest is evicted, so memory stays bounded however many calls ask. A call whose
   * approval was evicted cannot be resumed (`unknown_approval`).
   */
  readonly maxEntries?: number;
  /** Told of every approval evicted to make room (not of expired ones pruned). Must not throw. */
  readonly onEvict?: (approval: ApprovalRequest) => void;
  /** The clock that decides which entries are long expired. Default `Date.now`. */
  readonly now?: () => number;
}

/** The default of {@link InMemoryApprovalStoreOptions.maxEntries}: 10,000 approvals.
 * @internal
 */
export const DEFAULT_MAX_APPROVALS = 10_000;

interface Entry {
  readonly approval: ApprovalRequest;
  readonly expiresAtMs: number;
  used: boolean;
}

/** Keeps no entry past its expiry plus this grace, so that "expired" can still be told apart. */
const RETENTION_AFTER_EXPIRY_MS = 60 * 60 * 1000;
const PRUNE_EVERY = 256;

function readOptions(options: InMemoryApprovalStoreOptions | (() => number) | undefined): InMemoryApprovalStoreOptions {
  if (typeof options === 'function') return { now: options };
  if (options === undefined) return {};
  if (typeof options !== 'object' || (options as unknown) === null)
    throw new ToolConfigurationError('InMemoryApprovalStore takes options: { maxEntries?, onEvict?, now? }.');
  const { maxEntries, onEvict, now } = options;
  if (maxEntries !== undefined && (!Number.isSafeInteger(maxEntries) || maxEntries < 1)) {
    throw new ToolConfigurationError(
      `InMemoryApprovalStore: maxEntries must be a whole number from 1; got ${JSON.stringify(maxEntries)}.`,
    );
  }
  if (onEvict !== undefined && typeof onEvict !== 'function')
    throw new ToolConfigurationError('InMemoryApprovalStore: onEvict must be a function.');
  if (now !== undefined && typeof now !== 'function')
    throw new ToolConfigurationError('InMemoryApprovalStore: now must be a function.');
  return options;
}

/**
 * The default {@link ApprovalStore}: a map in memory, pruned of long-expired entries and bounded
 * in count (`maxEntries`, default 10,000): past the limit the oldest approval is evicted, and the
 * store says so (`onEvict`, {@link evicted}). Only this process can resume its approvals, and
 * none after a restart.
 */
export class InMemoryApprovalStore implements ApprovalStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #onEvict: ((approval: ApprovalRequest) => void) | undefined;
  readonly #now: () => number;
  #issuedSincePrune = 0;
  #evicted = 0;

  /** Takes options, or (as before) only the clock. */
  public constructor(options?: InMemoryApprovalStoreOptions | (() => number)) {
    const read = readOptions(options);
    this.#maxEntries = read.maxEntries ?? DEFAULT_MAX_APPROVALS;
    this.#onEvict = read.onEvict;
    this.#now = read.now ?? Date.now;
  }

  /** {@inheritDoc ApprovalStore.issue} */
  public issue(approval: ApprovalRequest): void {
    this.#entries.set(approval.id, {
      approval,
      expiresAtMs: Date.parse(approval.expiresAt),
      used: false,
    });
    if (++this.#issuedSincePrune >= PRUNE_EVERY) this.#prune();
    // Oldest first: a Map iterates in the order entries were issued.
    for (const [id, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(id);
      this.#evicted += 1;
      try {
        this.#onEvict?.(entry.approval);
      } catch {
        // A listener's fault must not fail the call that issued the approval.
      }
    }
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

  /** How many approvals the store holds now. */
  public get size(): number {
    return this.#entries.size;
  }

  /** How many approvals were evicted to keep within `maxEntries` since the store was made. */
  public get evicted(): number {
    return this.#evicted;
  }

  /** The most approvals kept at once. */
  public get maxEntries(): number {
    return this.#maxEntries;
  }

  #prune(): void {
    this.#issuedSincePrune = 0;
    const cutoff = this.#now() - RETENTION_AFTER_EXPIRY_MS;
    for (const [id, entry] of this.#entries) {
      if (entry.expiresAtMs < cutoff) this.#entries.delete(id);
    }
  }
}
