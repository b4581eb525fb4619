import type { AiSdkPendingStore } from './AiSdkPendingStore.js';
import type { RenderToolResultOptions } from '../rendering/RenderToolResultOptions.js';

/** How `toAiSdkTools` hands the executor's tools to the Vercel AI SDK. */
export interface ToAiSdkToolsOptions {
  /** The `sessionId` of every call (approvals are bound to it). Default: one random id per `toAiSdkTools` call. */
  readonly sessionId?: string;
  /** Calls waiting for the SDK's approval response. Default: in memory. */
  readonly pending?: AiSdkPendingStore;
  /** How results are written for the model (budget, line numbers, root). */
  readonly render?: Omit<RenderToolResultOptions, 'callId' | 'toolName' | 'interruptions'>;
}
