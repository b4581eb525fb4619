/**
 * Git settings that name programs git runs on its own, forced off for every command. Command-line
 * configuration (`GIT_CONFIG_COUNT` / `GIT_CONFIG_KEY_n` / `GIT_CONFIG_VALUE_n`) is read after
 * every configuration file, so these win over a planted `.git/config`, a `sub/.git` gitdir
 * file, `.git/commondir`, `config.worktree` and their `include.path`s.
 *
 * Not covered (no key turns them off without breaking the command): `filter.<driver>.*`,
 * `diff.<driver>.textconv` / `.command`, `merge.<driver>.driver`, `diff.external` (an empty
 * value makes `git diff` fail), `remote.<name>.uploadpack` / `.receivepack`,
 * `core.alternateRefsCommand`. Those rely on protecting everything named `.git` from writes.
 */
const GIT_CONFIG: readonly (readonly [key: string, value: string])[] = [
  // `git status` and friends run it on every call.
  ['core.fsmonitor', 'false'],
  // A path that cannot hold hooks: `/dev/null/<hook>` never exists.
  ['core.hooksPath', '/dev/null'],
  ['core.pager', 'cat'],
  ['core.editor', ':'],
  ['sequence.editor', ':'],
  ['core.sshCommand', 'ssh'],
  ['core.askPass', ''],
  ['core.gitProxy', ''],
  // An empty value resets the list of helpers read so far (all of them: this is read last).
  ['credential.helper', ''],
  ['gpg.program', 'gpg'],
  ['gpg.openpgp.program', 'gpg'],
  ['gpg.x509.program', 'gpgsm'],
  ['gpg.ssh.program', 'ssh-keygen'],
  ['protocol.ext.allow', 'never'],
  // A bare repository found by walking up from the working directory is refused: its config
  // sits outside anything named `.git`, so path protection cannot keep planted drivers
  // (`diff.external`, filters) out of it. `--git-dir` still opens one on purpose.
  ['safe.bareRepository', 'explicit'],
];

/** The environment variables that force {@link GIT_CONFIG} and git's own program variables. */
export const GIT_SAFETY_ENV: Readonly<Record<string, string>> = Object.freeze({
  GIT_CONFIG_COUNT: String(GIT_CONFIG.length),
  ...Object.fromEntries(
    GIT_CONFIG.flatMap(([key, value], index) => [
      [`GIT_CONFIG_KEY_${index}`, key],
      [`GIT_CONFIG_VALUE_${index}`, value],
    ]),
  ),
  // The variables win over the configuration: programs git would start get harmless ones.
  GIT_PAGER: 'cat',
  PAGER: 'cat',
  GIT_EDITOR: ':',
  GIT_SEQUENCE_EDITOR: ':',
  // Empty: git skips the askpass program altogether (and core.askPass with it).
  GIT_ASKPASS: '',
  SSH_ASKPASS: '',
  GIT_TERMINAL_PROMPT: '0',
});
