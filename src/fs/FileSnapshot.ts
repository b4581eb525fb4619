/**
 * What a session saw of a file when it read it: enough to tell whether the file changed since.
 * `ctimeMs` is kept by the kernel (no user call can set it back), so together with size,
 * inode and mtime it catches every rewrite; `sha256` is kept too when the file had changed
 * within the last second before the read, where a second write in the same timestamp tick
 * could leave every stat field equal.
 */
export interface FileSnapshot {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly sha256?: string;
}
