/**
 * What a session saw of a file when it read it: enough to tell whether the file changed since.
 * `ctimeMs` is kept by the kernel (no user call can set it back), so together with size,
 * inode and mtime it catches every rewrite; `sha256` is kept too when the file had changed
 * within the last second before the read, where a second write in the same timestamp tick
 * could leave every stat field equal.
 */
export interface FileSnapshot {
  /** The device of the file. */
  readonly dev: number;
  /** Its inode. */
  readonly ino: number;
  /** Its size in bytes. */
  readonly size: number;
  /** Its modification time. */
  readonly mtimeMs: number;
  /** Its status-change time (the kernel sets it; no user call can set it back). */
  readonly ctimeMs: number;
  /** The SHA-256 of its content (hex), when it had changed within the second before the read. */
  readonly sha256?: string;
}
