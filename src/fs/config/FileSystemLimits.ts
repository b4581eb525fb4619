/** Bounds of the filesystem tools. Every field has a default (see `DEFAULT_FILE_SYSTEM_LIMITS`). */
export interface FileSystemLimits {
  /** Largest file `fs_read_file` and `fs_edit_file` open, in bytes. Default 20 MiB. */
  readonly maxReadBytes: number;
  /** Lines `fs_read_file` returns when the call sets no `limit`. Default 2,000. */
  readonly defaultReadLines: number;
  /** Characters kept of one line (read and grep); longer lines are cut and reported. Default 2,000. */
  readonly maxLineChars: number;
  /** Characters `fs_read_file` returns at most; the page ends at the last whole line that fits. Default 256,000. */
  readonly maxReadChars: number;
  /** Largest image returned inline as a `media` part; larger ones come back as a `file` reference. Default 5 MiB. */
  readonly maxMediaBytes: number;
  /** Entries `fs_list_directory` and paths `fs_glob` return at most (and by default). Default 1,000. */
  readonly maxEntries: number;
  /** Matches `fs_grep` returns when the call sets no `limit`. Default 200. */
  readonly defaultGrepMatches: number;
  /** Matches `fs_grep` returns at most. Default 2,000. */
  readonly maxGrepMatches: number;
  /** Files larger than this are skipped by `fs_grep`. Default 10 MiB. */
  readonly maxGrepFileBytes: number;
  /** Directory entries one walk (list, glob, grep, recursive delete) visits at most. Default 100,000. */
  readonly maxWalkEntries: number;
  /** Characters of the unified diff in write and edit results. Default 20,000. */
  readonly maxDiffChars: number;
}
