/**
 * How a program names the files it reads. Without the sandbox nothing confines what a command
 * opens, so each file named here becomes an `fs.read` request of its own (outside the roots:
 * denied, like `fs_read_file`); a name only the run knows (an expansion, a glob, a list file,
 * links followed inside a directory) makes the command `unknown_read`. Read beside
 * `WRITE_TARGETS`, which names the files the same programs write.
 */
export interface ReadTargetRule {
  /** Options whose value is a file read (`grep -f F`, `sort --random-source=F`). */
  readonly inputs?: readonly string[];
  /** Other options that take a value (so that value is not taken for an operand). */
  readonly values?: readonly string[];
  /** Long options without a value the patterns below test for (so their abbreviations count). */
  readonly flags?: readonly string[];
  /** Options end at the first operand (POSIX getopt, not GNU's permutation): `less f -p x` reads `x`. */
  readonly optionsEndAtOperand?: true;
  /**
   * Which operands are read: `all` (the default); `allButLast` (`cp a b dir`: every operand
   * when a target option like `-t` is given); `allButFirst` (`zip out.zip files`); `first`.
   */
  readonly operands?: 'all' | 'allButLast' | 'allButFirst' | 'first' | 'none';
  /** At most this many operands are files (`cmp a b SKIP1 SKIP2`). */
  readonly maxOperands?: number;
  /** Options that name the destination, so `allButLast` reads every operand (`cp -t dir a b`). */
  readonly targetOptions?: readonly string[];
  /** The first operand is not a file (grep's pattern, sed's script, awk's program) unless one of these options is given. */
  readonly firstOperandIsNotAFileUnless?: readonly string[];
  /** Operands are read only when an option matches (`git diff --no-index`), or never when one does (`shuf -e`). */
  readonly operandsOnlyWith?: RegExp;
  /** ... or when exactly this many operands are given (`git diff a b` outside a repository, or with a path outside it, is `--no-index`). */
  readonly orWithOperands?: number;
  readonly operandsNotWith?: RegExp;
  /** Operands that are not files (awk's `var=value`, rsync's `host:path`, more's `+/re`). */
  readonly notAFile?: RegExp;
  /** Operands that make it read what no word names (`strings @file` reads options from a file). */
  readonly unknownOperand?: RegExp;
  /** Options with which it reads files no word names (`grep -R`, `cp -L`, `--files0-from`, `md5sum -c`): `unknown_read`. */
  readonly readsUnnamedWith?: RegExp;
  /** Then only when the option's value matches (`curl -d @file`, not `curl -d x=1`). */
  readonly unnamedOnlyWithValue?: RegExp;
  /** Only operands that look like local paths (`/x`, `./x`, `../x`, `file://x`) are read: `git clone`, `git fetch`. */
  readonly localRepository?: true;
}

/** Option names written as one string (the table stays readable): `words('-k --key')`. */
function words(names: string): readonly string[] {
  return names.split(' ');
}

const CHECKSUM: ReadTargetRule = {
  values: words('-l --length -a --algorithm'),
  readsUnnamedWith: /^(-[a-zA-Z]*c|--check)$/u,
};
const GREP: ReadTargetRule = {
  inputs: words('-f --file --exclude-from'),
  values: words(
    '-e --regexp -m --max-count --label --binary-files -d --directories -D --devices -A --after-context -B --before-context -C --context --include --exclude --exclude-dir --group-separator',
  ),
  flags: ['--dereference-recursive'],
  firstOperandIsNotAFileUnless: words('-e --regexp -f --file'),
  readsUnnamedWith: /^(-[a-zA-Z]*R|--dereference-recursive)$/u,
};
const AWK: ReadTargetRule = {
  inputs: words('-f --file -i --include'),
  values: words('-v --assign -F --field-separator -l --load -E --exec'),
  firstOperandIsNotAFileUnless: words('-f --file -E --exec'),
  notAFile: /^[A-Za-z_][A-Za-z0-9_]*=/u,
};
const BINUTILS = /^@/u;
const PYTHON: ReadTargetRule = {
  values: words('-W -X --check-hash-based-pycs'),
  operands: 'first',
  operandsNotWith: /^-[a-zA-Z]*[cm]/u,
  optionsEndAtOperand: true,
};
const NODE: ReadTargetRule = {
  inputs: words('-r --require --import --env-file'),
  values: words(
    '--loader --experimental-loader -C --conditions --input-type --title --stack-size --max-old-space-size',
  ),
  operands: 'first',
  operandsNotWith: /^(-[a-zA-Z]*[ep]|--eval|--print)$/u,
  optionsEndAtOperand: true,
};

/** By program base name; git by `git <subcommand>` (git's own `-C`, `--git-dir`, `--work-tree` are read for every subcommand). */
export const READ_TARGETS: Readonly<Record<string, ReadTargetRule>> = {
  cat: {},
  tac: { values: ['-s', '--separator'] },
  head: { values: words('-c --bytes -n --lines') },
  tail: { values: words('-c --bytes -n --lines -s --sleep-interval --pid --max-unchanged-stats') },
  less: {
    inputs: words('-k --lesskey-file -T --tag-file'),
    values: words(
      '-b --buffers -h --max-back-scroll -j --jump-target -o --log-file -O --LOG-FILE -p --pattern -P --prompt -t --tag -x --tabs -y --max-forw-scroll -z --window',
    ),
    notAFile: /^\+/u,
    optionsEndAtOperand: true,
  },
  more: { values: ['-n', '--lines'], notAFile: /^\+/u },
  wc: { readsUnnamedWith: /^--files0-from/u, flags: ['--files0-from'] },
  sort: {
    inputs: ['--random-source'],
    values: words(
      '-k --key -t --field-separator -S --buffer-size -T --temporary-directory --parallel --batch-size --files0-from --compress-program --sort -o --output',
    ),
    readsUnnamedWith: /^--files0-from/u,
  },
  shuf: {
    inputs: ['--random-source'],
    values: words('-n --head-count -i --input-range -o --output'),
    flags: ['--echo'],
    operandsNotWith: /^(-[a-zA-Z]*[ei]|--echo|--input-range)/u,
  },
  uniq: { values: words('-f --skip-fields -s --skip-chars -w --check-chars'), operands: 'first' },
  cut: { values: words('-b --bytes -c --characters -d --delimiter -f --fields --output-delimiter') },
  paste: { values: ['-d', '--delimiters'] },
  join: { values: words('-a -e -j -o -t -v -1 -2'), maxOperands: 2 },
  comm: { values: ['--output-delimiter'], maxOperands: 2 },
  diff: {
    inputs: words('-X --exclude-from --from-file --to-file'),
    values: words(
      '-W --width -F --show-function-line --tabsize -x --exclude -D --ifdef -I --ignore-matching-lines -L --label -S --starting-file --line-format --horizon-lines --palette -U -C',
    ),
    flags: ['--recursive'],
    readsUnnamedWith: /^(-[a-zA-Z]*r|--recursive)$/u,
  },
  cmp: { values: words('-i --ignore-initial -n --bytes'), maxOperands: 2 },
  file: {
    inputs: words('-m --magic-file -f --files-from'),
    values: words('-e --exclude -F --separator -P --parameter'),
    readsUnnamedWith: /^(-f|--files-from)/u,
  },
  stat: { values: words('-c --format --printf --cached') },
  md5sum: CHECKSUM,
  sha1sum: CHECKSUM,
  sha224sum: CHECKSUM,
  sha256sum: CHECKSUM,
  sha384sum: CHECKSUM,
  sha512sum: CHECKSUM,
  b2sum: CHECKSUM,
  cksum: CHECKSUM,
  sum: {},
  xxd: { values: words('-c -cols -g -groupsize -l -len -o -n -name -s -seek -R'), operands: 'first' },
  od: { values: words('-A --address-radix -j --skip-bytes -N --read-bytes -t --format') },
  hexdump: { inputs: ['-f'], values: words('-e -n -s') },
  strings: {
    values: words('-n --bytes -t --radix -e --encoding -T --target -s --output-separator'),
    unknownOperand: BINUTILS,
  },
  nl: {
    values: words(
      '-b -d -f -h -i -l -n -s -v -w --body-numbering --section-delimiter --footer-numbering --header-numbering --line-increment --join-blank-lines --number-format --number-separator --starting-line-number --number-width',
    ),
  },
  fold: { values: ['-w', '--width'] },
  fmt: { values: words('-w --width -p --prefix -g --goal') },
  expand: { values: ['-t', '--tabs'] },
  unexpand: { values: ['-t', '--tabs'] },
  rev: {},
  base64: { values: ['-w', '--wrap'] },
  base32: { values: ['-w', '--wrap'] },
  iconv: { values: words('-f --from-code -t --to-code -o --output') },
  ls: {
    values: words(
      '--block-size --format --hide --indicator-style -I --ignore --quoting-style --sort --time-style -T --tabsize -w --width',
    ),
    readsUnnamedWith: /^(-[a-zA-Z]*L|--dereference)$/u,
  },
  du: {
    inputs: ['-X', '--exclude-from'],
    values: words('-B --block-size -d --max-depth -t --threshold --time-style --exclude --files0-from'),
    readsUnnamedWith: /^(-[a-zA-Z]*L|--dereference|--files0-from)/u,
  },
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  rg: {
    inputs: words('-f --file --ignore-file'),
    values: words(
      '-e --regexp -g --glob --iglob -t --type -T --type-not --type-add -m --max-count -A --after-context -B --before-context -C --context -j --threads -M --max-columns --max-filesize -r --replace --sort --sortr --engine --color --colors -E --encoding -d --max-depth --pre --pre-glob --path-separator',
    ),
    firstOperandIsNotAFileUnless: words('-e --regexp -f --file'),
    readsUnnamedWith: /^(-[a-zA-Z]*L|--follow)$/u,
  },
  sed: {
    inputs: ['-f', '--file'],
    values: words('-e --expression -l --line-length'),
    firstOperandIsNotAFileUnless: words('-e --expression -f --file'),
  },
  awk: AWK,
  gawk: AWK,
  mawk: AWK,
  nawk: AWK,
  cp: {
    values: words('-S --suffix -t --target-directory'),
    operands: 'allButLast',
    targetOptions: ['-t', '--target-directory'],
    readsUnnamedWith: /^(-[a-zA-Z]*L|--dereference)$/u,
  },
  rsync: {
    inputs: words('--exclude-from --include-from --files-from'),
    values: words(
      '-e --rsh --exclude --include --filter -f --chmod --chown --log-file --partial-dir --backup-dir --suffix --temp-dir -T --compare-dest --copy-dest --link-dest',
    ),
    operands: 'allButLast',
    notAFile: /^([^/]*:|rsync:\/\/)/u,
    readsUnnamedWith: /^(-[a-zA-Z]*[Lk]|--copy-links|--copy-dirlinks|--copy-unsafe-links|--files-from)/u,
  },
  zip: {
    values: words('-b -n -t -tt -x -i -P --password -Z -s'),
    operands: 'allButFirst',
    readsUnnamedWith: /^(-[a-zA-Z]*[rR@]|--recurse-paths|--names-stdin)$/u,
  },
  unzip: { values: words('-d -x -P'), operands: 'first' },
  // an interpreter's script is read (and a line of it shown in a syntax error): `python3 /root/.ssh/id_rsa`
  python: PYTHON,
  python3: PYTHON,
  node: NODE,
  nodejs: NODE,
  perl: {
    values: words('-I -M -m -x'),
    operands: 'first',
    operandsNotWith: /^-[a-zA-Z]*[eE]/u,
    optionsEndAtOperand: true,
  },
  ruby: {
    values: words('-I -r -C -E --encoding'),
    operands: 'first',
    operandsNotWith: /^-[a-zA-Z]*e/u,
    optionsEndAtOperand: true,
  },
  php: {
    inputs: ['-c'],
    values: ['-d', '-z'],
    operands: 'first',
    operandsNotWith: /^-[a-zA-Z]*r/u,
    optionsEndAtOperand: true,
  },
  // files sent over the network: `curl -T F`, `curl -d @F`, `scp F host:`
  curl: {
    inputs: words('-T --upload-file -K --config --cacert -E --cert --key -b --cookie --netrc-file'),
    values: words(
      '-o --output -H --header -X --request -u --user -A --user-agent -e --referer -m --max-time -x --proxy -w --write-out -r --range --url',
    ),
    operands: 'none',
    // `-d @F`, `--data-binary @F`, `-F name=@F` / `name=<F`, `--data-urlencode name@F`: the value names a file
    readsUnnamedWith: /^(-d|--data|--data-binary|--data-ascii|--json|-F|--form|--data-urlencode)$/u,
    unnamedOnlyWithValue: /[@<]/u,
    // `curl file:///etc/shadow`
    unknownOperand: /^file:/iu,
  },
  wget: {
    inputs: words(
      '-i --input-file --post-file --body-file --ca-certificate --certificate --private-key --load-cookies',
    ),
    values: words('-O --output-document -o --output-file -P --directory-prefix -U --user-agent'),
    operands: 'none',
  },
  scp: { inputs: ['-F', '-i'], values: words('-P -o -c -l -S -J'), operands: 'allButLast', notAFile: /^[^/]*:/u },
  source: { operands: 'first' },
  '.': { operands: 'first' },
  'git diff': { values: ['--output'], flags: ['--no-index'], operandsOnlyWith: /^--no-index$/u, orWithOperands: 2 },
  'git grep': {
    inputs: ['-f'],
    values: words('-e -m --max-count -A -B -C'),
    flags: ['--no-index'],
    operandsOnlyWith: /^--no-index$/u,
    firstOperandIsNotAFileUnless: ['-e', '-f'],
  },
  'git hash-object': { values: ['-t', '--path'], readsUnnamedWith: /^--stdin-paths$/u },
  'git config': { inputs: ['-f', '--file'], values: words('--blob --type --default --comment'), operands: 'none' },
  'git apply': { values: words('-p -C --exclude --include --directory --whitespace --build-fake-ancestor') },
  'git am': { values: words('-p -C --exclude --include --directory --whitespace --patch-format --resolvemsg') },
  'git blame': {
    inputs: words('--contents -S --ignore-revs-file'),
    values: words('-L --since --ignore-rev --date --abbrev'),
    operands: 'none',
  },
  'git init': {
    inputs: ['--template'],
    values: words('--separate-git-dir -b --initial-branch --object-format --shared'),
    operands: 'none',
  },
  'git clone': {
    inputs: words('--template --reference --reference-if-able'),
    values: words(
      '-o --origin -b --branch -u --upload-pack --depth -c --config -j --jobs --separate-git-dir --filter --shallow-since --shallow-exclude --server-option',
    ),
    operands: 'first',
    localRepository: true,
  },
  'git fetch': {
    values: words(
      '--depth --deepen --shallow-since --shallow-exclude -j --jobs --upload-pack -o --server-option --negotiation-tip --refmap --filter',
    ),
    operands: 'first',
    localRepository: true,
  },
  'git pull': {
    values: words(
      '--depth --deepen --shallow-since --shallow-exclude -j --jobs --upload-pack -o --server-option -s --strategy -X --strategy-option',
    ),
    operands: 'first',
    localRepository: true,
  },
  'git ls-remote': {
    values: words('--upload-pack -o --server-option --sort'),
    operands: 'first',
    localRepository: true,
  },
};
