/**
 * Git configuration keys whose value git executes (or that point git at programs or trees it
 * then works in), and what `shell_exec` does about each. Derived from git itself, not memory:
 * every key `git help --config` (git 2.39) lists whose name matches {@link PROGRAM_NAMING_KEY},
 * plus the program-valued keys git's documentation (`Documentation/config/*.txt`,
 * `git-interpret-trailers`, `git-archive`, `gitattributes`) describes without listing them
 * (`filter.<driver>.process`, `credential.<url>.helper`, `trailer.<token>.command`,
 * `tar.<format>.command`, `core.worktree`). A test runs `git help --config` and fails when a newer
 * git lists a matching key this table does not classify.
 *
 * - `forced`: command-line configuration (`GIT_CONFIG_COUNT`, read after every file) sets a
 *   harmless value for every command (see `GIT_SAFETY_ENV`).
 * - `asks`: no value turns it off without breaking the command, so a repository whose own
 *   configuration (local or worktree scope, includes too) sets it makes the command carry
 *   `repository_programs` (an ask).
 * - `env`: an environment variable of `GIT_SAFETY_ENV` wins over it (and pagers need a terminal).
 * - `triggers`: it makes git run a program that is itself forced (signing runs `gpg.*.program`).
 * - `none`: it matches the pattern but names no program (a boolean, a tool's name, a URL).
 */
export interface GitProgramSetting {
  /** The key as `git help --config` spells it: `<name>` stands for any subsection, a final `*` for any rest. */
  readonly key: string;
  readonly handling: 'forced' | 'asks' | 'env' | 'triggers' | 'none';
  /** For `forced`: the keys and values set (`gpg.<format>.program` is one per format). */
  readonly values?: readonly (readonly [key: string, value: string])[];
  /** For `forced` keys a repository may also set: ask as well when it does (kept from before the table). */
  readonly asksToo?: true;
}

/** Key names that suggest a program, tried against every key `git help --config` lists. */
export const PROGRAM_NAMING_KEY =
  /(cmd|command|program|helper|editor|pager|driver|hook|askpass|textconv|smudge|\.clean$|\.process$|external|tool|viewer|browser|tunnel|receivepack|uploadpack$|fsmonitor$|sshcommand|gitproxy|filter$|^alias\.|insteadof|\.allow$|\.update$|httpd|\.vcs$|difffilter|keycommand|^sendemail\.)/iu;

const forced = (key: string, value: string, asksToo?: true): GitProgramSetting => ({
  key,
  handling: 'forced',
  values: [[key, value]],
  ...(asksToo ? { asksToo } : {}),
});
const asks = (...keys: string[]): GitProgramSetting[] => keys.map((key) => ({ key, handling: 'asks' }));
const none = (...keys: string[]): GitProgramSetting[] => keys.map((key) => ({ key, handling: 'none' }));

export const GIT_PROGRAM_SETTINGS: readonly GitProgramSetting[] = [
  // `git status` and friends run it on every call.
  forced('core.fsmonitor', 'false'),
  // A path that cannot hold hooks: `/dev/null/<hook>` never exists.
  forced('core.hooksPath', '/dev/null'),
  forced('core.pager', 'cat'),
  forced('core.editor', ':'),
  forced('sequence.editor', ':'),
  forced('core.sshCommand', 'ssh'),
  forced('core.askPass', ''),
  // Not forced (its first matching value wins, so no later one resets it): GIT_PROXY_COMMAND=''.
  { key: 'core.gitProxy', handling: 'env' },
  // An empty value resets the list of helpers read so far (all of them: this is read last).
  forced('credential.helper', '', true),
  forced('gpg.program', 'gpg', true),
  {
    key: 'gpg.<format>.program',
    handling: 'forced',
    values: [
      ['gpg.openpgp.program', 'gpg'],
      ['gpg.x509.program', 'gpgsm'],
      ['gpg.ssh.program', 'ssh-keygen'],
    ],
    asksToo: true,
  },
  // Run (without a shell) to find a key when `user.signingKey` is unset: `false` finds none.
  forced('gpg.ssh.defaultKeyCommand', 'false', true),
  // `git add -p` pipes the diff through it: `cat` keeps the diff as it is.
  forced('interactive.diffFilter', 'cat'),
  // `ext::` URLs run a command (also through `url.<base>.insteadOf`).
  { key: 'protocol.<name>.allow', handling: 'forced', values: [['protocol.ext.allow', 'never']] },
  { key: 'pager.<cmd>', handling: 'env' },
  ...asks(
    'alias.*',
    'browser.<tool>.cmd',
    'browser.<tool>.path',
    'core.alternateRefsCommand',
    'credential.<url>.helper',
    'diff.<driver>.command',
    'diff.<driver>.textconv',
    'diff.external',
    'difftool.<tool>.cmd',
    'difftool.<tool>.path',
    'filter.<driver>.clean',
    'filter.<driver>.smudge',
    'filter.<driver>.process',
    'guitool.<name>.*',
    'help.browser',
    'imap.tunnel',
    'instaweb.browser',
    'instaweb.httpd',
    'man.<tool>.cmd',
    'man.<tool>.path',
    'man.viewer',
    'merge.<driver>.driver',
    'mergetool.<tool>.cmd',
    'mergetool.<tool>.path',
    'remote.<name>.receivepack',
    'remote.<name>.uploadpack',
    // git runs `git-remote-<vcs>`, found on PATH or, with a slash, relative to the directory
    'remote.<name>.vcs',
    'sendemail.*',
    'submodule.<name>.update',
    'tar.<format>.command',
    'trailer.<token>.cmd',
    'trailer.<token>.command',
    // honoured only from the host's own configuration; asked for anyway
    'uploadpack.packObjectsHook',
    'web.browser',
    // not a program: git then works in (and reads) another directory tree
    'core.worktree',
  ),
  ...['commit.gpgSign', 'tag.gpgSign', 'push.gpgSign', 'log.showSignature', 'merge.verifySignatures', 'gpg.format'].map(
    (key): GitProgramSetting => ({
      key,
      handling: 'triggers',
    }),
  ),
  ...none(
    'advice.ignoredHook',
    'advice.waitingForEditor',
    'color.pager',
    'column.clean',
    'completion.commands',
    'core.fsmonitorHookVersion',
    'diff.<driver>.binary',
    'diff.<driver>.cachetextconv',
    'diff.<driver>.wordRegex',
    'diff.<driver>.xfuncname',
    'diff.guitool',
    'diff.tool',
    'difftool.prompt',
    'difftool.trustExitCode',
    'gitcvs.dbDriver',
    'merge.<driver>.name',
    'merge.<driver>.recursive',
    'merge.guitool',
    'merge.tool',
    'mergetool.<tool>.hideResolved',
    'mergetool.<tool>.trustExitCode',
    'mergetool.hideResolved',
    'mergetool.keepBackup',
    'mergetool.keepTemporaries',
    'mergetool.meld.hasOutput',
    'mergetool.meld.useAutoMerge',
    'mergetool.prompt',
    'mergetool.vimdiff.layout',
    'mergetool.writeToTemp',
    'notes.rewrite.<command>',
    'protocol.allow',
    'rebase.abbreviateCommands',
    'remote.<name>.partialclonefilter',
    'uploadpack.allowFilter',
    'uploadpackfilter.<filter>.allow',
    'uploadpackfilter.allow',
    // URLs: an `ext::` one is refused by protocol.ext.allow
    'url.<base>.insteadOf',
    'url.<base>.pushInsteadOf',
  ),
];

/** A table key as a pattern over key names: `<name>` is any subsection, a final `*` any rest. */
export function buildGitKeyPattern(key: string): RegExp {
  const source = key
    .toLowerCase()
    .split(/(<[^>]+>|\*)/u)
    .map((part) => (part === '*' || part.startsWith('<') ? '.+' : part.replace(/[.+?^${}()|[\]\\]/gu, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'iu');
}

/** Keys a repository's own configuration must not set without the command asking (see `findRepositoryPrograms`). */
export const REPOSITORY_PROGRAM_KEYS: readonly RegExp[] = GIT_PROGRAM_SETTINGS.filter(
  (setting) => setting.handling === 'asks' || setting.asksToo === true,
).map((setting) => buildGitKeyPattern(setting.key));
