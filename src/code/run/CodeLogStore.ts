import { createHash } from 'node:crypto';
import { ToolError, type ApprovalRequest, type ApprovalStore, type JsonValue, type ToolRequest } from '../../index.js';
import { canonicalJson } from '../../internal/index.js';
import type { CodeLog } from './CodeLog.js';

/** The record's prose for whoever lists the store (an approval record's `reason`: for a person, not an error reason). */
const RECORD_REASON = 'a code_run script paused for its host';

/** The `kind` of the one request entry a log record holds. */
const LOG_KIND = 'agentkit.code_log';

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A UUID-shaped id for the `generation`-th log of this call (every store takes such ids). */
function logId(request: ToolRequest, generation: number): string {
  const hex = sha256(`${LOG_KIND}\n${request.sessionId}\n${request.callId}\n${generation}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** What a record must say to be this call's log: the call, its session and tool, and its script. */
function bindingOf(request: ToolRequest, code: string, log: JsonValue): string {
  return sha256(canonicalJson({ sessionId: request.sessionId, callId: request.callId, code: sha256(code), log }));
}

function unavailable(thrown: unknown): ToolError {
  return new ToolError(
    'unavailable',
    `code_run could not reach the approval store that keeps paused scripts (${thrown instanceof Error ? thrown.message : String(thrown)}); nothing was run. Try again later.`,
    { reason: 'approval_store_unavailable' },
    { cause: thrown },
  );
}

/** A paused script's log found for a call, and the generation its next pause is recorded under. */
export interface FoundLog {
  readonly log: CodeLog | undefined;
  readonly next: number;
}

/**
 * Keeps paused scripts' logs in the executor's approval store, as records beside the
 * approvals (so memory, file, Redis and PostgreSQL stores all keep them, expiring, single use).
 * A call's logs form a chain: the `n`-th pause of a call is recorded under an id derived from
 * its session, call id and `n`, so a resumed run finds its log from the call alone, never from
 * anything the host hands back. Taking a log consumes it: a log is replayed once.
 */
export class CodeLogStore {
  public constructor(
    private readonly store: ApprovalStore,
    private readonly ttlMs: number,
    private readonly maxGenerations: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The newest log of this call (consumed), or none when the call never paused. */
  public async take(request: ToolRequest, code: string): Promise<FoundLog> {
    let found: { generation: number; record: ApprovalRequest } | undefined;
    for (let generation = 0; generation <= this.maxGenerations; generation++) {
      const record = await this.#ask(() => this.store.get(logId(request, generation)));
      if (record === undefined) break;
      found = { generation, record };
    }
    if (found === undefined) return { log: undefined, next: 0 };
    const { generation, record } = found;
    const entry = record.requests[0];
    const log = entry?.['log'] as unknown as CodeLog | undefined;
    if (
      record.callId !== request.callId ||
      record.sessionId !== request.sessionId ||
      record.toolName !== request.toolName ||
      entry?.kind !== LOG_KIND ||
      log === undefined ||
      record.binding !== bindingOf(request, code, log as unknown as JsonValue)
    ) {
      throw new ToolError(
        'permission_denied',
        `This code_run call (${request.callId}) paused with another script than the one given now; nothing was run. A paused script resumes only with its own code: call code_run again with a new call id to run a new script.`,
        { reason: 'binding_mismatch' },
      );
    }
    if (this.now() > Date.parse(record.expiresAt)) {
      throw new ToolError(
        'permission_denied',
        'The record of this paused code_run script has expired; nothing was run. Call code_run again (with a new call id) to start the script over.',
        { reason: 'expired' },
      );
    }
    const consumed = await this.#ask(() => this.store.consume(record.id));
    if (consumed !== 'consumed') {
      throw new ToolError(
        'permission_denied',
        `This paused code_run script was already resumed (its record is used up); nothing was run again. Call code_run with a new call id to run it anew.`,
        { reason: 'already_used' },
      );
    }
    return { log, next: generation + 1 };
  }

  /** Records the log of this call's `generation`-th pause. */
  public async save(request: ToolRequest, code: string, generation: number, log: CodeLog): Promise<void> {
    const created = this.now();
    const record: ApprovalRequest = {
      id: logId(request, generation),
      callId: request.callId,
      toolName: request.toolName,
      sessionId: request.sessionId,
      turnId: request.turnId,
      requests: [
        {
          kind: LOG_KIND,
          summary: `the ${log.calls.length} finished calls of a paused code_run script, replayed on resume`,
          log: log as unknown as JsonValue,
        },
      ],
      reason: RECORD_REASON,
      binding: bindingOf(request, code, log as unknown as JsonValue),
      createdAt: new Date(created).toISOString(),
      expiresAt: new Date(created + this.ttlMs).toISOString(),
    };
    await this.#ask(() => this.store.issue(record));
  }

  async #ask<T>(step: () => T | Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (thrown) {
      throw unavailable(thrown);
    }
  }
}
