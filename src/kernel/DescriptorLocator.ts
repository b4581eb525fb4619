/**
 * Where an open descriptor really is (an absolute path), or `undefined` when that cannot be
 * known. The seam of every handle-location check: {@link locateDescriptor} reads `/proc/self/fd`;
 * `NO_DESCRIPTOR_LOCATOR` switches that off, so the realpath + `dev`/`ino` fallback (the only
 * check on systems without `/proc`) runs and can be tested on Linux too.
 * @internal
 */
export type DescriptorLocator = (fd: number) => string | undefined;

/**
 * A locator that never knows: callers take their non-`/proc` fallback.
 * @internal
 */
export const NO_DESCRIPTOR_LOCATOR: DescriptorLocator = () => undefined;
