import type { ShellWord } from './ShellWord.js';
import { bundleTarOptions, parseProgramArgs, TAR_VALUE_OPTIONS, type ProgramArgs } from './parseProgramArgs.js';
import { WRITE_TARGETS, type WriteTargetRule } from './WRITE_TARGETS.js';

/** A file a program writes, named in its words. */
export interface ProgramWrite {
  /** The program (`sort`, `git diff`). */
  readonly program: string;
  /** How the target was named: the option (`--output`, `of=`), or `operand`. */
  readonly via: string;
  /** The file the program writes, as written. */
  readonly target: ShellWord;
}

/** What a command's words say about the files it writes. */
export interface WriteTargets {
  readonly writes: ProgramWrite[];
  /** It writes files no word names (or names them with an expansion): only a person can judge. */
  readonly unknown: boolean;
}

function valueOf(word: ShellWord, text: string): ShellWord {
  return { text, literal: word.literal };
}

function parseArgs(args: readonly ShellWord[], rule: WriteTargetRule): ProgramArgs {
  return parseProgramArgs(args, { files: rule.outputs ?? [], values: rule.values ?? [], flags: rule.flags ?? [] });
}

function selectOperands(rule: WriteTargetRule, parsed: ProgramArgs): ShellWord[] {
  const { options } = parsed;
  if (rule.operandsOnlyWith !== undefined && !options.some((option) => rule.operandsOnlyWith?.test(option) === true))
    return [];
  if (rule.operandsNotWith !== undefined && options.some((option) => rule.operandsNotWith?.test(option) === true))
    return [];
  const unless = rule.firstOperandIsNotAFileUnless;
  const firstIsAFile =
    unless === undefined ||
    parsed.names.some((name) => unless.includes(name)) ||
    options.some((option) => rule.firstOperandLike?.test(option) === true);
  const operands = firstIsAFile ? parsed.operands : parsed.operands.slice(1);
  if (rule.operands === 'all') return operands;
  if (rule.operands === 'second') return operands.slice(1, 2);
  // `last`: the target of `cp a b`; with a target directory option every operand is a source
  if (rule.operands === 'last' && operands.length >= 2 && parsed.files.length === 0) return operands.slice(-1);
  return [];
}

/** tar writes its archive (`-f`) when it creates or appends, and unnamed files when it extracts. */
function findTarWrites(args: readonly ShellWord[]): WriteTargets {
  const parsed = parseArgs(bundleTarOptions(args), {
    outputs: ['-f', '--file', '-C', '--directory'],
    values: ['-T', '--files-from', '-X', '--exclude-from', ...TAR_VALUE_OPTIONS],
  });
  const modes = parsed.options.join(' ');
  const extracts = /(^| )-[a-zA-Z]*x|--extract|--get/u.test(modes);
  const creates = /(^| )-[a-zA-Z]*[cruA]|--create|--append|--update|--concatenate|--delete/u.test(modes);
  const writes = parsed.files
    .filter(({ via }) => (via === '-f' || via === '--file' ? creates : extracts))
    .map(({ via, target }) => ({ program: 'tar', via, target }));
  return { writes, unknown: extracts };
}

/** The git subcommand after git's own options (`git -C dir --no-pager diff` is `diff`), and whether they move its directory. */
export function findGitSubcommand(
  args: readonly ShellWord[],
): { name: string; at: number; moved: boolean } | undefined {
  let moved = false;
  for (let index = 0; index < args.length; index++) {
    const text = (args[index] as ShellWord).text;
    if (!text.startsWith('-')) return { name: text, at: index, moved };
    if (/^(-C|--git-dir|--work-tree)(=|$)/u.test(text)) moved = true;
    if (
      text === '-C' ||
      text === '-c' ||
      text === '--git-dir' ||
      text === '--work-tree' ||
      text === '--namespace' ||
      text === '--exec-path'
    )
      index++;
  }
  return undefined;
}

/**
 * The files a command writes by its own options and operands (`git diff --output=F`, `sort -o F`,
 * `tee F`, `dd of=F`, `sed -i F`, `cp a F`, ...), from the table in `WRITE_TARGETS`. A target
 * that expands at run time, or files the program names itself (`wget URL`, `tar -x`), make the
 * command's writes `unknown`.
 */
export function findWriteTargets(name: string, args: readonly ShellWord[]): WriteTargets {
  if (name === 'tar') return findTarWrites(args);
  let program = name;
  let rest = args;
  let moved = false;
  if (name === 'git') {
    const subcommand = findGitSubcommand(args);
    if (subcommand === undefined) return { writes: [], unknown: false };
    program = `git ${subcommand.name}`;
    rest = args.slice(subcommand.at + 1);
    moved = subcommand.moved;
  }
  const rule = WRITE_TARGETS[program];
  if (rule === undefined) return { writes: [], unknown: false };
  const parsed = parseArgs(rest, rule);
  const named = [
    ...parsed.files,
    ...selectOperands(rule, parsed).map((target) => ({ via: 'operand', target })),
    ...parsed.operands.flatMap((word) => {
      const key = rule.assignments?.find((prefix) => word.text.startsWith(prefix));
      return key === undefined ? [] : [{ via: key, target: valueOf(word, word.text.slice(key.length)) }];
    }),
  ];
  const writes = named.map(({ via, target }) => ({ program, via, target }));
  const unnamed =
    rule.writesUnnamed === true ||
    (rule.writesUnnamed !== undefined && parsed.options.some((option) => (rule.writesUnnamed as RegExp).test(option)));
  // `git -C dir diff --output=x` writes dir/x: a relative target moves with git's directory
  const isKnown = ({ target }: ProgramWrite): boolean => target.literal && !(moved && !target.text.startsWith('/'));
  return { writes: writes.filter(isKnown), unknown: unnamed || !writes.every(isKnown) };
}
