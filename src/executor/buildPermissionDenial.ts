import { ToolError } from '../errors/ToolError.js';
import type { DeniedRequest } from './evaluatePermissions.js';

/** The `permission_denied` error for a call with denied requests, naming each one. */
export function buildPermissionDenial(toolName: string, denied: readonly DeniedRequest[]): ToolError {
  const lines = denied.map((entry) => `- ${entry.request.summary()}: ${entry.reason}`);
  return new ToolError(
    'permission_denied',
    `Tool \`${toolName}\` was not run: permission denied.\n${lines.join('\n')}\nDo not retry the same call; choose an action the policy allows or ask the user.`,
    {
      code: denied[0]?.code ?? 'denied',
      denied: denied.map((entry) => ({ request: entry.request.toJSON(), code: entry.code, reason: entry.reason })),
    },
  );
}
