/**
 * A programmer mistake in how a tool is declared (bad decorator options, an invalid name,
 * a schema that does not compile, two `@Preflight` methods). Thrown when the decorator runs
 * or at discovery, never at call time.
 */
export class ToolDefinitionError extends Error {
  /** Always `ToolDefinitionError`. */
  public override readonly name = 'ToolDefinitionError';

  public constructor(
    /** The class or tool the mistake is in, e.g. `class EchoTool`. */
    public readonly subject: string,
    problem: string,
    fix: string,
    options?: { cause?: unknown },
  ) {
    super(`${subject}: ${problem} ${fix}`, options);
  }
}
