/** Options of {@link FileApprovalStore}. */
export interface FileApprovalStoreOptions {
  /**
   * The directory the store owns, on a local file system of this machine (created with mode
   * 0700 if missing; one that other users can write to is refused). Every process that resumes
   * the same approvals must use the same directory.
   */
  readonly directory: string;
  /** The clock that decides expiry, for tests. Default: `Date.now`. */
  readonly now?: () => number;
}
