import { GIT_PROGRAM_SETTINGS } from '../parsing/GIT_PROGRAM_SETTINGS.js';

/**
 * Git settings forced for every command: the `forced` entries of `GIT_PROGRAM_SETTINGS` (the
 * keys whose value git executes). Command-line configuration (`GIT_CONFIG_COUNT` /
 * `GIT_CONFIG_KEY_n` / `GIT_CONFIG_VALUE_n`) is read after every configuration file, so these
 * win over a planted `.git/config`, a `sub/.git` gitdir file, `.git/commondir`,
 * `config.worktree` and their `include.path`s. The keys no value turns off are asked for instead
 * (`findRepositoryPrograms`); beyond that they rely on protecting everything named `.git`.
 */
const GIT_CONFIG: readonly (readonly [key: string, value: string])[] = [
  ...GIT_PROGRAM_SETTINGS.flatMap((setting) => (setting.handling === 'forced' ? (setting.values ?? []) : [])),
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
  // `core.gitProxy`'s first matching value wins, so a forced one cannot reset a planted one: set
  // (even empty), this variable makes git ignore the setting, and empty means no proxy.
  GIT_PROXY_COMMAND: '',
});
