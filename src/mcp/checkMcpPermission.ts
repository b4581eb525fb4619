import { ToolError, type PermissionChecker } from '../index.js';
import type { McpPermissionRequest } from './McpPermissionRequest.js';
import type { McpProviderOptions } from './McpProviderOptions.js';

const HOST_CONTEXT = Object.freeze({ toolName: 'mcp_provider', callId: 'host', sessionId: 'host', turnId: 'host' });

/**
 * Runs `request` past `checker` before a provider touches the server: allow goes on, deny and
 * an unapproved `require_approval` throw `permission_denied`. A checker that throws is a deny.
 */
export async function checkMcpPermission(
  checker: PermissionChecker,
  request: McpPermissionRequest,
  options: McpProviderOptions,
): Promise<void> {
  let decision;
  try {
    decision = await checker.evaluate(request, options.context ?? HOST_CONTEXT);
  } catch (thrown) {
    throw new ToolError(
      'permission_denied',
      `Cannot ${request.summary()}: the permission checker failed.`,
      { reason: 'checker_failed', kind: request.kind, target: request.target },
      { cause: thrown },
    );
  }
  if (decision.type === 'allow') return;
  if (decision.type === 'deny') {
    throw new ToolError('permission_denied', `Cannot ${request.summary()}: ${decision.reason}`, {
      reason: 'denied',
      code: decision.code,
      kind: request.kind,
      target: request.target,
    });
  }
  if (options.approve !== undefined && (await options.approve(request, decision.reason))) return;
  throw new ToolError('permission_denied', `Cannot ${request.summary()}: ${decision.reason} No approval was given.`, {
    reason: 'approval_required',
    kind: request.kind,
    target: request.target,
  });
}
