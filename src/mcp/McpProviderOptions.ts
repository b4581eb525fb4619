import type { PermissionContext } from '../index.js';
import type { McpPermissionRequest } from './McpPermissionRequest.js';

/** How a resource or prompt provider checks its reads with the bound `PermissionChecker`. */
export interface McpProviderOptions {
  /** Who is asking, for the checker. Default: session, turn and call `host`, tool `mcp_provider`. */
  readonly context?: PermissionContext;
  /**
   * Asked when the checker answers `require_approval` (a person deciding, say); without it,
   * such a read is refused with `permission_denied` (`details.reason: 'approval_required'`).
   */
  readonly approve?: (request: McpPermissionRequest, reason: string) => boolean | Promise<boolean>;
}
