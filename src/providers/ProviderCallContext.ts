import type { MetadataMap, ToolSpec } from '../index.js';

/** Where a provider's tool call is made, for the `ToolRequest` it becomes. */
export interface ProviderCallContext {
  /** The session of the calls. */
  readonly sessionId: string;
  /** The model turn that made them. */
  readonly turnId: string;
  /** Metadata added to every request. */
  readonly metadata?: MetadataMap;
  /**
   * The specs the tools were declared from (e.g. `executor.specs()`). With them, the `null`s a
   * strict-mode model sends for optional properties it leaves out are removed, wherever the
   * original schema marks the property optional and does not itself accept `null`.
   */
  readonly specs?: readonly ToolSpec[];
}
