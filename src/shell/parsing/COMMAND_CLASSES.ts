/**
 * Programs that policy treats specially, by the base name of the command word. A host rule
 * that allows one of them by prefix (`timeout`, `python`) would otherwise allow whatever
 * they run; their risk flags make such an allow at most an ask.
 */

/** Shells: `bash -c '...'` runs a new command line; `bash script` runs a file. */
export const SHELLS: ReadonlySet<string> = new Set([
  'bash',
  'sh',
  'dash',
  'zsh',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'csh',
  'tcsh',
  'busybox',
]);

/** Programs that run another command given in their arguments. */
export const WRAPPERS: ReadonlySet<string> = new Set([
  'env',
  'xargs',
  'sudo',
  'doas',
  'su',
  'nohup',
  'timeout',
  'nice',
  'ionice',
  'exec',
  'command',
  'builtin',
  'time',
  'setsid',
  'stdbuf',
  'chroot',
  'unshare',
  'nsenter',
  'strace',
  'ltrace',
  'watch',
  'flock',
  'parallel',
  'script',
  'coproc',
  'runuser',
  'taskset',
  'chrt',
  'systemd-run',
  'caffeinate',
]);

/** Options of wrappers that take a separate argument (so the next word is not the command). */
export const WRAPPER_OPTIONS_WITH_VALUE: Readonly<Record<string, ReadonlySet<string>>> = {
  sudo: new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '-T']),
  doas: new Set(['-u', '-C']),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  nice: new Set(['-n', '--adjustment']),
  ionice: new Set(['-c', '-n', '-p', '--class', '--classdata']),
  env: new Set(['-u', '--unset', '-C', '--chdir', '-S', '--split-string']),
  xargs: new Set([
    '-I',
    '-n',
    '-P',
    '-L',
    '-s',
    '-d',
    '-E',
    '-a',
    '--max-args',
    '--max-procs',
    '--delimiter',
    '--arg-file',
  ]),
  stdbuf: new Set(['-i', '-o', '-e']),
  exec: new Set(['-a']),
  watch: new Set(['-n', '--interval', '-d']),
  taskset: new Set(['-c']),
  strace: new Set(['-e', '-o', '-p', '-s', '-u']),
  su: new Set(['-c', '--command', '-s', '--shell', '-g', '-G']),
  runuser: new Set(['-u', '-g', '-G', '-c', '-s']),
};

/**
 * Interpreters and the options that hand them a program inline (`python -c`, `node -e`). A
 * pattern is tested against each option word.
 */
export const INLINE_CODE_OPTIONS: Readonly<Record<string, RegExp>> = {
  python: /^-[A-Za-z]*c/u,
  node: /^(-[A-Za-z]*[ep]|--eval|--print)/u,
  deno: /^eval$/u,
  bun: /^(-e|--eval|-p|--print)$/u,
  perl: /^-[A-Za-z]*[eE]/u,
  ruby: /^-[A-Za-z]*e/u,
  php: /^-[A-Za-z]*r/u,
  lua: /^-[A-Za-z]*e/u,
  Rscript: /^-e$/u,
  osascript: /^-e$/u,
  pwsh: /^-(c|command|Command|EncodedCommand|e)$/u,
  tclsh: /^-c$/u,
};

/** Names under which an interpreter may be installed (`python3.12`, `nodejs`), mapped to its family. */
export function getInterpreterFamily(name: string): string | undefined {
  if (/^python[0-9.]*$/u.test(name)) return 'python';
  if (/^(perl|ruby|php|lua|luajit)[0-9.]*$/u.test(name))
    return name.replace(/[0-9.]+$/u, '').replace(/^luajit$/u, 'lua');
  if (name === 'nodejs') return 'node';
  if (name === 'powershell') return 'pwsh';
  return name in INLINE_CODE_OPTIONS ? name : undefined;
}

/** awk programs are always inline code (`system()`, pipes, file writes). */
export const AWKS: ReadonlySet<string> = new Set(['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk']);

/** Builtins that run a string or a file as shell code. */
export const EVALUATORS: ReadonlySet<string> = new Set(['eval', 'trap']);
export const SOURCERS: ReadonlySet<string> = new Set(['source', '.']);

/**
 * Builtins that change what later words of the same command line mean or run: aliases
 * (`shopt -s expand_aliases; alias git='...'`), parser options (`shopt -s extglob`), builtins
 * loaded or disabled (`enable`), remembered program paths (`hash -p ./evil git`). Some forms of
 * `set` too (see classifyCommand).
 */
export const SHELL_STATE_BUILTINS: ReadonlySet<string> = new Set(['alias', 'shopt', 'enable', 'hash']);

/**
 * Builtins that take variable names: bash evaluates the subscript of a name like `a[$(cmd)]`
 * as arithmetic, expanding it, so a quoted name still runs `cmd` (`printf -v 'a[$(cmd)]' x`).
 * `let` evaluates every argument that way.
 */
export const NAME_TAKING_BUILTINS: ReadonlySet<string> = new Set([
  'printf',
  'read',
  'mapfile',
  'readarray',
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'unset',
  'getopts',
  'wait',
  'test',
  '[',
  'let',
]);

/** Builtins that change the working directory, which moves relative redirection targets. */
export const DIRECTORY_CHANGERS: ReadonlySet<string> = new Set(['cd', 'pushd', 'popd']);

/** `find` actions that run a command, and those that write or delete. */
export const FIND_EXEC_ACTIONS: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir']);
export const FIND_WRITE_ACTIONS: ReadonlySet<string> = new Set(['-delete', '-fprint', '-fprint0', '-fprintf', '-fls']);

/** git global options that change its configuration (and so what it runs: pager, hooks, fsmonitor). */
export const GIT_CONFIG_OPTIONS = /^(-c|--config-env|--exec-path)(=|$)|^-c./u;
/** git options (any position) that name a program git runs. */
export const GIT_PROGRAM_OPTIONS = /^--(upload-pack|receive-pack|exec)(=|$)/u;
