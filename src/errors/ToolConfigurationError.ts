/**
 * A mistake in how the host wired things up (duplicate tool names, missing bindings,
 * roots that do not exist). Thrown at start-up, never at call time.
 */
export class ToolConfigurationError extends Error {
  /** Always `ToolConfigurationError`. */
  public override readonly name = 'ToolConfigurationError';

  public constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
