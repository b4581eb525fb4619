import {
  ToolConfigurationError,
  type ApprovalConsumeResult,
  type ApprovalRequest,
  type ApprovalStore,
} from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import { buildStoreError } from './buildStoreError.js';
import { buildStoreFileName } from './buildStoreFileName.js';
import type { FileApprovalStoreOptions } from './FileApprovalStoreOptions.js';
import { isApprovalRecord, StoreDirectory } from '../kernel/index.js';

const SUBJECT = 'FileApprovalStore';
const ISSUED = '.json';
const USED = '.used';
/** Entries are kept this long past their expiry, so that "expired" can still be told apart. */
const RETENTION_AFTER_EXPIRY_MS = 60 * 60 * 1000;
const PRUNE_EVERY = 256;

/**
 * An {@link ApprovalStore} in a directory, for approvals that must survive a restart or be
 * resumed by another process on the same machine. One file per approval, named after a digest
 * of its id; consuming renames it to a "used" name, and of processes racing to consume the same
 * approval exactly one rename succeeds, so single use holds across processes. Expired approvals
 * are never consumed, whatever the executor's clock says. A store that fails (directory gone,
 * unreadable) throws, and the executor then runs nothing. A damaged entry (not JSON, a field
 * missing or of another type, another id) is answered as the Redis and PostgreSQL stores answer
 * one: it is not an approval of ours, so `get` finds nothing and `consume` says `unknown` (the
 * call ends `unknown_approval`, nothing runs), and it is never moved to the used name.
 */
export class FileApprovalStore implements ApprovalStore {
  readonly #directory: StoreDirectory;
  readonly #now: () => number;
  #issuedSincePrune = 0;

  public constructor(options: FileApprovalStoreOptions) {
    if (typeof options !== 'object' || (options as unknown) === null) {
      throw new ToolConfigurationError(`${SUBJECT} needs options: { directory }.`);
    }
    assertKnownKeys(options, ['directory', 'now'], `${SUBJECT}(options)`);
    this.#directory = new StoreDirectory(options.directory, SUBJECT, ToolConfigurationError);
    this.#now = options.now ?? Date.now;
  }

  /** The absolute path of the store's directory. */
  public get directory(): string {
    return this.#directory.path;
  }

  /** Records an approval the executor just issued. */
  public issue(approval: ApprovalRequest): void {
    const { id, expiresAt } = approval;
    if (
      typeof id !== 'string' ||
      id === '' ||
      typeof expiresAt !== 'string' ||
      !Number.isFinite(Date.parse(expiresAt))
    ) {
      throw new TypeError(`${SUBJECT}.issue needs an approval with a string id and an ISO 8601 expiresAt.`);
    }
    const name = buildStoreFileName('approval', id);
    const created = this.#io(
      'record an approval',
      () => !this.#directory.exists(name + USED) && this.#directory.create(name + ISSUED, JSON.stringify(approval)),
    );
    if (!created)
      throw new Error(`${SUBJECT} already holds an approval with id ${JSON.stringify(id)}; an id is issued once.`);
    if (++this.#issuedSincePrune >= PRUNE_EVERY) {
      this.#issuedSincePrune = 0;
      try {
        this.prune();
      } catch {
        // Housekeeping: the approval is recorded; the next prune tries again.
      }
    }
  }

  /** The issued approval with this id, used or not, or `undefined`. */
  public get(id: string): ApprovalRequest | undefined {
    if (typeof id !== 'string') return undefined;
    const name = buildStoreFileName('approval', id);
    // An approval being consumed moves from the first name to the second, never back.
    const text = this.#io(
      'read an approval',
      () => this.#directory.read(name + ISSUED) ?? this.#directory.read(name + USED),
    );
    return readRecord(text, id);
  }

  /** Marks the approval used; atomic across processes: exactly one caller gets `consumed`. */
  public consume(id: string): ApprovalConsumeResult {
    if (typeof id !== 'string') return 'unknown';
    const name = buildStoreFileName('approval', id);
    const text = this.#io('consume an approval', () => this.#directory.read(name + ISSUED));
    if (text !== undefined) {
      const approval = readRecord(text, id);
      // A damaged entry is never consumed or reported used: it was not an approval of ours.
      if (approval === undefined || this.#now() > Date.parse(approval.expiresAt)) return 'unknown';
      if (this.#io('consume an approval', () => this.#directory.move(name + ISSUED, name + USED))) return 'consumed';
      // Another process moved it first.
    }
    const used = this.#io('consume an approval', () => this.#directory.read(name + USED));
    return readRecord(used, id) === undefined ? 'unknown' : 'already_used';
  }

  /**
   * Deletes approvals that expired more than an hour ago (used or not) and temp files left by a
   * crash; runs on its own every 256 issues. Returns how many files it deleted.
   */
  public prune(): number {
    const now = this.#now();
    let removed = 0;
    for (const { name, mtimeMs } of this.#directory.list()) {
      let stale: boolean;
      if (StoreDirectory.isTemp(name)) {
        stale = mtimeMs < Date.now() - RETENTION_AFTER_EXPIRY_MS;
      } else if (name.startsWith('approval-') && (name.endsWith(ISSUED) || name.endsWith(USED))) {
        const expiresAt = readExpiry(this.#directory.read(name));
        stale = expiresAt !== undefined && expiresAt < now - RETENTION_AFTER_EXPIRY_MS;
      } else {
        stale = false;
      }
      if (stale && this.#directory.remove(name)) removed++;
    }
    return removed;
  }

  /** Runs a file-system step; a failure throws an error that says which step failed, never content. */
  #io<T>(action: string, step: () => T): T {
    try {
      return step();
    } catch (thrown) {
      throw buildStoreError(SUBJECT, action, thrown);
    }
  }
}

/** The approval in `text` if it is a whole record with this id (see `isApprovalRecord`), else `undefined`. */
function readRecord(text: string | undefined, id: string): ApprovalRequest | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isApprovalRecord(value, id) ? (value as ApprovalRequest) : undefined;
}

function readExpiry(text: string | undefined): number | undefined {
  try {
    const expiresAt = (JSON.parse(text ?? '') as { expiresAt?: unknown } | null)?.expiresAt;
    const parsed = typeof expiresAt === 'string' ? Date.parse(expiresAt) : Number.NaN;
    return Number.isFinite(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
