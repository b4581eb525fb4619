import { randomUUID } from 'node:crypto';
import type { ElicitationRequest, ElicitationResult } from '../interrupt/Elicitation.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ApprovalStore } from '../interrupt/ApprovalStore.js';
import { canonicalJson } from '../interrupt/canonicalJson.js';
import { computeApprovalBinding } from '../interrupt/computeApprovalBinding.js';
import type { InputRequest } from '../interrupt/InputRequest.js';
import type { PermissionRequestJson } from '../permissions/PermissionRequest.js';
import type { JsonObject } from '../values/JsonValue.js';
import { approvalStoreUnavailable, type ApprovalRejection } from './ApprovalGate.js';

/** One question of a run and the answer it got (what a resumed run replays, in order). */
export type AnsweredQuestion = InputRequest['answered'][number];

/** The `kind` of the record an input request is kept under in the approval store. */
const INPUT_KIND = 'agentkit.input';

/** The question (and the answers before it) as the one "request" of the stored record: what the binding covers. */
function questionRecord(question: ElicitationRequest, answered: readonly AnsweredQuestion[]): PermissionRequestJson {
  return {
    kind: INPUT_KIND,
    summary: question.message,
    schema: question.schema,
    answered: answered,
  };
}

/** The digest an input request is bound to: tool, session, canonical input, question and earlier answers. */
function bindingOf(request: ToolRequest, question: ElicitationRequest, answered: readonly AnsweredQuestion[]): string {
  return computeApprovalBinding({
    toolName: request.toolName,
    sessionId: request.sessionId,
    input: request.input,
    requests: [questionRecord(question, answered)],
  });
}

/** The input request a stored record holds, or `undefined` when the record is an approval. */
function fromRecord(record: ApprovalRequest): InputRequest | undefined {
  const [entry] = record.requests;
  if (record.requests.length !== 1 || entry?.kind !== INPUT_KIND) return undefined;
  return {
    id: record.id,
    callId: record.callId,
    toolName: record.toolName,
    sessionId: record.sessionId,
    turnId: record.turnId,
    message: entry.summary,
    schema: entry['schema'] as JsonObject,
    answered: entry['answered'] as unknown as readonly AnsweredQuestion[],
    binding: record.binding,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
  };
}

/**
 * Issues input requests (a question nobody could answer during the call) and redeems them on
 * resume, in the executor's approval store: each is kept there as an approval record whose one
 * request is the question, so every store (memory, file, Redis, PostgreSQL) keeps them as it
 * keeps approvals: bound to the exact call and question, expiring, single use.
 */
export class InputGate {
  public constructor(
    private readonly store: ApprovalStore,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** Whether `request` is still the call `input` was issued for (same tool, session, input, question, answers). */
  public static binds(input: InputRequest, request: ToolRequest): boolean {
    return (
      input.callId === request.callId &&
      input.toolName === request.toolName &&
      bindingOf(request, { message: input.message, schema: input.schema }, input.answered) === input.binding
    );
  }

  /** Records the question `request` could not have answered, after the `answered` ones. */
  public async issue(
    request: ToolRequest,
    question: ElicitationRequest,
    answered: readonly AnsweredQuestion[],
  ): Promise<InputRequest> {
    const created = this.now();
    const record: ApprovalRequest = {
      id: randomUUID(),
      callId: request.callId,
      toolName: request.toolName,
      sessionId: request.sessionId,
      turnId: request.turnId,
      requests: [questionRecord(question, answered)],
      reason: question.message,
      binding: bindingOf(request, question, answered),
      createdAt: new Date(created).toISOString(),
      expiresAt: new Date(created + this.ttlMs).toISOString(),
    };
    try {
      await this.store.issue(record);
    } catch (thrown) {
      throw approvalStoreUnavailable('issue', request.toolName, null, thrown);
    }
    return fromRecord(record) as InputRequest;
  }

  /**
   * The stored input request behind `presented`, consumed (single use), if the presented copy is
   * it unchanged, it belongs to `request`'s session and it has not expired; else why not. When
   * it names `request` itself, `request` must still be the call it was issued for.
   */
  public async redeem(presented: unknown, request: ToolRequest): Promise<InputRequest | ApprovalRejection> {
    const id = (presented as Partial<InputRequest> | null)?.id;
    if (typeof id !== 'string') return 'unknown_approval';
    let stored: ApprovalRequest | undefined;
    try {
      stored = await this.store.get(id);
    } catch (thrown) {
      throw approvalStoreUnavailable('get', request.toolName, id, thrown);
    }
    const input = stored === undefined ? undefined : fromRecord(stored);
    if (input === undefined) return 'unknown_approval';
    if (canonicalJson(presented) !== canonicalJson(input) || input.sessionId !== request.sessionId) {
      return 'binding_mismatch';
    }
    if (input.callId === request.callId && !InputGate.binds(input, request)) return 'binding_mismatch';
    if (this.now() > Date.parse(input.expiresAt)) return 'expired';
    let consumed: Awaited<ReturnType<ApprovalStore['consume']>>;
    try {
      consumed = await this.store.consume(id);
    } catch (thrown) {
      throw approvalStoreUnavailable('consume', request.toolName, id, thrown);
    }
    if (consumed === 'consumed') return input;
    return consumed === 'already_used' ? 'already_used' : 'unknown_approval';
  }
}

/** Whether `question` is the one `answered` records (same message and schema). */
export function isSameQuestion(question: ElicitationRequest, answered: AnsweredQuestion): boolean {
  return question.message === answered.message && canonicalJson(question.schema) === canonicalJson(answered.schema);
}

/** The answer recorded for the question, as the entry a replay keeps. */
export function recordAnswer(question: ElicitationRequest, result: ElicitationResult): AnsweredQuestion {
  return { message: question.message, schema: question.schema, result };
}
