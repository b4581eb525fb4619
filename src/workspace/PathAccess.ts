import type { ResolvePathOptions } from './ResolvePathOptions.js';

/**
 * What the caller of `Workspace.resolve` intends to do with the path.
 * @internal
 */
export type PathAccess = NonNullable<ResolvePathOptions['access']>;
