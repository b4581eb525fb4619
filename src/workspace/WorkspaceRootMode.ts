import type { WorkspaceRoot } from './WorkspaceRoot.js';

/**
 * What a workspace root allows: `read_write` (the default) or `read_only` (every resolve with
 * `access: 'write'` inside it is refused with reason `read_only_root`).
 * @internal
 */
export type WorkspaceRootMode = WorkspaceRoot['mode'];
