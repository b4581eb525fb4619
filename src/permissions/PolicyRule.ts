/**
 * What a policy rule (or a policy's `fallback`) does to the requests it matches: `allow`,
 * `deny`, or `ask` (require approval). Deny beats ask beats allow, whatever the rule order.
 * @internal
 */
export type PolicyEffect = 'allow' | 'deny' | 'ask';

/**
 * Every {@link PolicyEffect}, for checking configuration.
 * @internal
 */
export const POLICY_EFFECTS: readonly PolicyEffect[] = ['allow', 'deny', 'ask'];

/**
 * One rule of a `PolicyPermissionChecker`.
 *
 * - `kind`: the request kind it applies to, exact (`fs.write`) or a prefix ending in `*`
 *   (`fs.*`, `mcp.*`, `*`).
 * - `pattern`: optional; without it the rule matches every request of its kind. It is read
 *   according to the request's kind: a glob (picomatch, dotfiles included) over every canonical
 *   path of an `fs.*` request, a command prefix on word boundaries over every subcommand of a
 *   `shell.exec` request (`git status` matches `git status -s`, not `git statusx`), and a glob
 *   over `target` for every other kind (`server/tool` for `mcp.*`).
 */
export interface PolicyRule {
  /** What the rule does to the requests it matches. */
  readonly effect: 'allow' | 'deny' | 'ask';
  /** The request kind it applies to: exact, or a prefix ending in `*`. */
  readonly kind: string;
  /** What it matches, read according to the kind (see above); absent, every request of the kind. */
  readonly pattern?: string;
}
