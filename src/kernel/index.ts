/**
 * The security kernel: the one copy of each primitive the safety of the built-ins rests on
 * (locating an open handle, the no-follow open flags, errno sets, the process-tree killer,
 * the checks of the verified open). An internal entry: it is not in the package's `exports`,
 * nothing here is public API, and it may change in any release. The core and the built-ins
 * (fs, shell, mcp, stores, ...) import it; it imports only Node built-ins.
 * @internal
 * @packageDocumentation
 */
export type { DescriptorLocator } from './DescriptorLocator.js';
export { NO_DESCRIPTOR_LOCATOR } from './DescriptorLocator.js';
export { getDescriptorEntryPath, locateDescriptor, PROC_SELF_FD, readDescriptorLink } from './locateDescriptor.js';
export { OPEN_FLAGS } from './OPEN_FLAGS.js';
export { ERRNO_SETS } from './ERRNO_SETS.js';
export { getErrnoCode, hasErrnoCode } from './getErrnoCode.js';
export { ProcessTree, type ProcessTreeScope, type StartedProcess } from './ProcessTree.js';
export { readProcessStat, type ProcessStat } from './readProcessStat.js';
export { checkOpenedFile, getFileKindRefusal, type OpenedFileDemands } from './checkOpenedFile.js';
export { confirmDescriptorLocation } from './confirmDescriptorLocation.js';
export { getOpenErrorRefusal } from './getOpenErrorRefusal.js';
export type { SpecialFileKind, VerifiedOpenRefusal } from './VerifiedOpenRefusal.js';
export { isDirectoryDescriptorAt } from './isDirectoryDescriptorAt.js';
export { StoreDirectory } from './StoreDirectory.js';
export { isApprovalRecord } from './isApprovalRecord.js';
export {
  copyCredentials,
  isCredentials,
  openCredentials,
  sealCredentials,
  type StoredCredentials,
} from './credentialEnvelope.js';
export { buildStoreFault } from './buildStoreFault.js';
export { redactUrl } from './redactUrl.js';
export { getPathInside, isPathInside } from './isPathInside.js';
export { formatCount } from './formatCount.js';
export { getBase64ByteLength } from './getBase64ByteLength.js';
export { getHardLinkRefusal, isHardLinked, type HardLinkRefusal } from './getHardLinkRefusal.js';
