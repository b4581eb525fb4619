/**
 * One thing of a request that a policy rule's pattern is matched against, taken from its
 * `policySubjects()`: a path (glob), one subcommand as words (command prefix), or, for a request
 * with neither, its target (glob).
 */
export type RuleSubject =
  | { readonly type: 'path'; readonly text: string }
  | { readonly type: 'command'; readonly words: readonly string[] }
  | { readonly type: 'target'; readonly text: string };
