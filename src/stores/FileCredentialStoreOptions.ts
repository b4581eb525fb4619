/** Options of {@link FileCredentialStore}. */
export interface FileCredentialStoreOptions {
  /**
   * The directory the store owns (created with mode 0700 if missing; one that other users can
   * write to is refused). Credentials are written there with mode 0600.
   */
  readonly directory: string;
}
