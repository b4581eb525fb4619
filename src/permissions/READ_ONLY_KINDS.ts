/**
 * The request kinds that only read. The `DefaultPermissionChecker` allows them without
 * approval when every path they name is inside the workspace roots (and none is protected).
 */
export const READ_ONLY_KINDS: readonly string[] = Object.freeze(['fs.read', 'fs.list']);
