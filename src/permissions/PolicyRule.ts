/** What a policy rule does to the requests it matches. */
export const POLICY_EFFECTS = ['allow', 'deny', 'ask'] as const;

export type PolicyEffect = (typeof POLICY_EFFECTS)[number];

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
  readonly effect: PolicyEffect;
  readonly kind: string;
  readonly pattern?: string;
}
