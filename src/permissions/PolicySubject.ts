/**
 * One thing of a request that policy patterns are matched against: a canonical path of an
 * `fs.*` request, one subcommand (as words) of a `shell.exec` request, or the target of any
 * other request.
 */
export type PolicySubject =
  | { readonly type: 'path'; readonly text: string }
  | { readonly type: 'command'; readonly words: readonly string[] }
  | { readonly type: 'target'; readonly text: string };
