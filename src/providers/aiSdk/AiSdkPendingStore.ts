import type { PendingCall } from '../../index.js';

/**
 * Where `toAiSdkTools` keeps the calls waiting for an AI SDK approval response, by tool call id.
 * The default is in memory (the approval response must come back to this process); give one
 * backed by a file or a database, together with a durable `ApprovalStore` and the same
 * `sessionId`, to resume in another process.
 */
export interface AiSdkPendingStore {
  /** The pending call stored under the AI SDK's `toolCallId`, or `undefined`. */
  get(toolCallId: string): PendingCall | undefined | Promise<PendingCall | undefined>;
  /** Stores the pending call of an approval the SDK will ask about. */
  set(toolCallId: string, pending: PendingCall): void | Promise<void>;
  /** Forgets it once the SDK's approval answer has been handled. */
  delete(toolCallId: string): void | Promise<void>;
}
