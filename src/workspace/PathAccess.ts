/** What the caller of `Workspace.resolve` intends to do with the path. */
export type PathAccess = 'read' | 'write';
