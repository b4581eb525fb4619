import { ToolError, type ToolContext } from '../index.js';

/**
 * What a tool's preflight decided, as the executor hands it to the body of the same call
 * (`ctx.plan`, from the preflight's `{ requests, plan }`): the body acts on exactly the
 * canonical paths the permission requests named and never resolves the raw input again.
 * @throws ToolError `internal` (`missing_preflight`) when the body runs without it (called
 * directly, not through the executor). The caller names the plan type its own preflight made.
 */
export function getPreflightPlan(ctx: ToolContext, toolName: string): object {
  const { plan } = ctx;
  if (typeof plan !== 'object' || plan === null) {
    throw new ToolError(
      'internal',
      `Tool \`${toolName}\` was invoked without its preflight; run it through the executor.`,
      { reason: 'missing_preflight' },
    );
  }
  return plan;
}
