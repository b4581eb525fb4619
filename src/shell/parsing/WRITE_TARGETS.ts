/**
 * How a program names the files it writes, for programs that write without a redirection.
 * An allow rule for a command prefix (`git diff`, `sort`) says nothing about where the
 * command writes; each target found here becomes an `fs.write` request of its own, checked
 * against the roots and policy like a redirection target.
 */
export interface WriteTargetRule {
  /** Options whose value is a file or directory written: `-o F`, `-oF`, `--output F`, `--output=F`. */
  readonly outputs?: readonly string[];
  /** Other options that take a value (so that value is not taken for an operand). */
  readonly values?: readonly string[];
  /** Long options without a value that the patterns below test for (so their abbreviations count too: `--in-pl`). */
  readonly flags?: readonly string[];
  /** Which operands (words that are not options) are written (`second`: `uniq in out`, split's prefix). */
  readonly operands?: 'all' | 'last' | 'second';
  /** The first operand is not a file (sed's script, chmod's mode) unless one of these options is given. */
  readonly firstOperandIsNotAFileUnless?: readonly string[];
  /** Options that are really that first operand (`chmod -w f`: the mode looks like an option). */
  readonly firstOperandLike?: RegExp;
  /** Operands are written only when an option matches (`sed -i`), or never when one does (`gzip -c`). */
  readonly operandsOnlyWith?: RegExp;
  readonly operandsNotWith?: RegExp;
  /** `key=` prefixes of operands whose value is written (`dd of=`). */
  readonly assignments?: readonly string[];
  /** It may also write files it names itself (from a URL, an archive, a patch): always an ask. */
  readonly writesUnnamed?: true | RegExp;
}

const ALL: WriteTargetRule = { operands: 'all' };

/** By program base name; git by `git <subcommand>`. */
export const WRITE_TARGETS: Readonly<Record<string, WriteTargetRule>> = {
  'git diff': { outputs: ['--output'] },
  'git log': { outputs: ['--output'] },
  'git show': { outputs: ['--output'] },
  'git format-patch': { outputs: ['--output', '-o', '--output-directory'] },
  'git archive': { outputs: ['-o', '--output'] },
  'git init': {
    values: ['--template', '--separate-git-dir', '-b', '--initial-branch'],
    outputs: ['--separate-git-dir'],
    operands: 'all',
  },
  'git clone': {
    values: [
      '-o',
      '--origin',
      '-b',
      '--branch',
      '-u',
      '--upload-pack',
      '--reference',
      '--depth',
      '-c',
      '--config',
      '-j',
      '--jobs',
    ],
    operands: 'second',
    writesUnnamed: true,
  },
  sort: {
    outputs: ['-o', '--output'],
    values: [
      '-k',
      '--key',
      '-t',
      '--field-separator',
      '-S',
      '--buffer-size',
      '-T',
      '--temporary-directory',
      '--parallel',
      '--batch-size',
      '--files0-from',
      '--compress-program',
      '--random-source',
      '--sort',
    ],
  },
  shuf: { outputs: ['-o', '--output'], values: ['-n', '--head-count', '-i', '--input-range', '--random-source'] },
  tee: ALL,
  dd: { assignments: ['of='] },
  sed: {
    values: ['-e', '--expression', '-f', '--file', '-l', '--line-length'],
    operands: 'all',
    flags: ['--in-place'],
    firstOperandIsNotAFileUnless: ['-e', '--expression', '-f', '--file'],
    operandsOnlyWith: /^(-[a-zA-Z]*i|--in-place)/u,
  },
  cp: { values: ['-S', '--suffix'], outputs: ['-t', '--target-directory'], operands: 'last' },
  mv: { values: ['-S', '--suffix'], outputs: ['-t', '--target-directory'], operands: 'all' },
  install: {
    values: ['-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix'],
    outputs: ['-t', '--target-directory'],
    operands: 'last',
  },
  ln: { values: ['-S', '--suffix'], outputs: ['-t', '--target-directory'], operands: 'last' },
  curl: {
    outputs: [
      '-o',
      '--output',
      '--output-dir',
      '-D',
      '--dump-header',
      '-c',
      '--cookie-jar',
      '--trace',
      '--trace-ascii',
      '--stderr',
      '--etag-save',
      '--libcurl',
      '--hsts',
      '--alt-svc',
    ],
    values: [
      '-d',
      '--data',
      '--data-binary',
      '--data-raw',
      '-H',
      '--header',
      '-X',
      '--request',
      '-u',
      '--user',
      '-A',
      '--user-agent',
      '-e',
      '--referer',
      '-b',
      '--cookie',
      '-F',
      '--form',
      '-m',
      '--max-time',
      '-x',
      '--proxy',
      '-T',
      '--upload-file',
      '-K',
      '--config',
      '-w',
      '--write-out',
      '-r',
      '--range',
      '-E',
      '--cert',
      '--key',
      '--cacert',
      '--connect-timeout',
      '--retry',
      '--url',
    ],
    flags: ['--remote-name', '--remote-name-all', '--remote-header-name'],
    writesUnnamed: /^(-[a-zA-Z]*O|--remote-name|--remote-name-all|-J|--remote-header-name)$/u,
  },
  wget: {
    outputs: ['-O', '--output-document', '-o', '--output-file', '-a', '--append-output', '-P', '--directory-prefix'],
    writesUnnamed: true,
  },
  touch: { values: ['-d', '--date', '-t', '-r', '--reference'], operands: 'all' },
  mkdir: { values: ['-m', '--mode', '--context'], operands: 'all' },
  rmdir: ALL,
  rm: ALL,
  unlink: ALL,
  shred: { values: ['-n', '--iterations', '-s', '--size', '--random-source'], operands: 'all' },
  truncate: { values: ['-s', '--size', '-r', '--reference', '-o'], operands: 'all' },
  split: {
    values: [
      '-a',
      '--suffix-length',
      '--additional-suffix',
      '-b',
      '--bytes',
      '-C',
      '--line-bytes',
      '-l',
      '--lines',
      '-n',
      '--number',
      '-t',
      '--separator',
      '--filter',
    ],
    operands: 'second',
    writesUnnamed: /^--filter/u,
  },
  csplit: { values: ['-b', '--suffix-format', '-n', '--digits'], outputs: ['-f', '--prefix'], writesUnnamed: true },
  patch: {
    outputs: ['-o', '--output', '-r', '--reject-file', '-B', '--prefix', '-d', '--directory'],
    values: [
      '-p',
      '--strip',
      '-i',
      '--input',
      '-F',
      '--fuzz',
      '-D',
      '--ifdef',
      '-V',
      '--version-control',
      '-z',
      '--suffix',
    ],
    writesUnnamed: true,
  },
  uniq: { values: ['-f', '--skip-fields', '-s', '--skip-chars', '-w', '--check-chars'], operands: 'second' },
  rsync: {
    values: [
      '-e',
      '--rsh',
      '--exclude',
      '--include',
      '--exclude-from',
      '--include-from',
      '--files-from',
      '--filter',
      '-f',
      '--chmod',
      '--chown',
      '--log-file',
      '--partial-dir',
      '--backup-dir',
      '--suffix',
      '--temp-dir',
      '-T',
      '--compare-dest',
      '--copy-dest',
      '--link-dest',
    ],
    outputs: ['--log-file', '--partial-dir', '--backup-dir', '--temp-dir', '-T'],
    operands: 'last',
  },
  chmod: {
    values: ['--reference'],
    operands: 'all',
    firstOperandIsNotAFileUnless: ['--reference'],
    firstOperandLike: /^-[rwxXst]+$/u,
  },
  chown: { values: ['--reference', '--from'], operands: 'all', firstOperandIsNotAFileUnless: ['--reference'] },
  chgrp: { values: ['--reference'], operands: 'all', firstOperandIsNotAFileUnless: ['--reference'] },
  mkfifo: { values: ['-m', '--mode'], operands: 'all' },
  mktemp: { values: ['-p', '--tmpdir', '--suffix'], writesUnnamed: true },
  sponge: ALL,
  gzip: {
    values: ['-S', '--suffix'],
    operands: 'all',
    operandsNotWith: /^(-[a-zA-Z]*[ctl]|--stdout|--to-stdout|--test|--list)$/u,
  },
  gunzip: {
    values: ['-S', '--suffix'],
    operands: 'all',
    operandsNotWith: /^(-[a-zA-Z]*[ctl]|--stdout|--to-stdout|--test|--list)$/u,
  },
  bzip2: { operands: 'all', operandsNotWith: /^(-[a-zA-Z]*[ct]|--stdout|--test)$/u },
  xz: { operands: 'all', operandsNotWith: /^(-[a-zA-Z]*[ctl]|--stdout|--to-stdout|--test|--list)$/u },
  zstd: { outputs: ['-o'], operands: 'all', operandsNotWith: /^(-[a-zA-Z]*[ctl]|--stdout|--test|--list)$/u },
};
