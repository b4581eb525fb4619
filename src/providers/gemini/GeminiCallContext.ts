import type { ProviderCallContext } from '../ProviderCallContext.js';

/** The context of a Gemini call. */
export interface GeminiCallContext extends ProviderCallContext {
  /**
   * The call's position among the turn's function calls (default 0), used to make a
   * deterministic `callId` when Gemini sends none: `gemini:<turnId>:<index>`.
   */
  readonly index?: number;
}
