import type { AiSdkPendingStore } from './AiSdkPendingStore.js';
import type { AiSdkVersion } from './AiSdkTool.js';
import type { RenderToolResultOptions } from '../rendering/RenderToolResultOptions.js';

/** How `toAiSdkTools` hands the executor's tools to the Vercel AI SDK. */
export interface ToAiSdkToolsOptions<Version extends AiSdkVersion = 6> {
  /**
   * The oldest `ai` major version the tools must fit. Default `6`: they fit ai 6 and ai 7, and
   * images go as `file-data` parts (ai 7 converts them and reports the part as deprecated, once
   * per process). `7`: images go as ai 7's own `file` parts, and the tools' type fits ai 7 only.
   */
  readonly sdkVersion?: Version;
  /** The `sessionId` of every call (approvals are bound to it). Default: one random id per `toAiSdkTools` call. */
  readonly sessionId?: string;
  /** Calls waiting for the SDK's approval response. Default: in memory. */
  readonly pending?: AiSdkPendingStore;
  /** How results are written for the model (budget, line numbers, root). */
  readonly render?: Omit<RenderToolResultOptions, 'callId' | 'toolName' | 'interruptions'>;
}
