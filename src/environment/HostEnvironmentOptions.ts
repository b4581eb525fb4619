/**
 * What a child process may take from the host's environment, beyond the base allow-list.
 * @internal
 */
export interface HostEnvironmentOptions {
  /**
   * More names to inherit from the host's environment: exact names, or prefixes ending in `*`
   * (`AWS_*`). A name that looks like a secret (`*TOKEN*`, `*KEY*`, ...) is inherited only
   * when listed exactly.
   */
  readonly inherit?: readonly string[];
  /** Fixed values added last (they win over inherited ones). */
  readonly set?: Readonly<Record<string, string>>;
}
