import type { ShellWord } from './ShellWord.js';
import { WRITE_TARGETS, type WriteTargetRule } from './WRITE_TARGETS.js';

/** A file a program writes, named in its words. */
export interface ProgramWrite {
  /** The program (`sort`, `git diff`). */
  readonly program: string;
  /** How the target was named: the option (`--output`, `of=`), or `operand`. */
  readonly via: string;
  readonly target: ShellWord;
}

/** What a command's words say about the files it writes. */
export interface WriteTargets {
  readonly writes: ProgramWrite[];
  /** It writes files no word names (or names them with an expansion): only a person can judge. */
  readonly unknown: boolean;
}

interface ParsedArgs {
  readonly options: string[];
  readonly operands: ShellWord[];
  readonly outputs: { via: string; target: ShellWord }[];
}

function valueOf(word: ShellWord, text: string): ShellWord {
  return { text, literal: word.literal };
}

/** Splits words into options, their values and operands, GNU style (`-oF`, `-so F`, `--output=F`, `--`). */
function parseArgs(args: readonly ShellWord[], rule: WriteTargetRule): ParsedArgs {
  const parsed: ParsedArgs = { options: [], operands: [], outputs: [] };
  const outputs = new Set(rule.outputs ?? []);
  const takesValue = (option: string): boolean => outputs.has(option) || rule.values?.includes(option) === true;
  const longNames = [...outputs, ...(rule.values ?? []), ...(rule.flags ?? [])].filter((name) => name.startsWith('--'));
  // getopt_long (and git's parse-options) take any unambiguous prefix: `--outp=F` is `--output=F`.
  // Where a prefix fits several, an output option wins: a write is never missed.
  const expand = (option: string): string => {
    if (longNames.includes(option)) return option;
    const fits = longNames.filter((name) => name.startsWith(option));
    return fits.find((name) => outputs.has(name)) ?? fits[0] ?? option;
  };
  let optionsEnd = false;
  for (let index = 0; index < args.length; index++) {
    const word = args[index] as ShellWord;
    const text = word.text;
    if (optionsEnd || text === '-' || !text.startsWith('-')) {
      parsed.operands.push(word);
      continue;
    }
    if (text === '--') {
      optionsEnd = true;
      continue;
    }
    let option = text;
    let value: ShellWord | undefined;
    if (text.startsWith('--')) {
      const equals = text.indexOf('=');
      if (equals !== -1) [option, value] = [expand(text.slice(0, equals)), valueOf(word, text.slice(equals + 1))];
      else {
        option = expand(text);
        if (takesValue(option)) value = args[++index];
      }
    } else {
      // a bundle of short options: the first that takes a value takes the rest of the word, or the next word
      for (let at = 1; at < text.length; at++) {
        option = `-${text[at] as string}`;
        if (!takesValue(option)) continue;
        value = at + 1 < text.length ? valueOf(word, text.slice(at + 1)) : args[++index];
        break;
      }
    }
    parsed.options.push(text.startsWith('--') ? option : text);
    if (value !== undefined && outputs.has(option)) parsed.outputs.push({ via: option, target: value });
  }
  return parsed;
}

function selectOperands(rule: WriteTargetRule, parsed: ParsedArgs): ShellWord[] {
  const { options } = parsed;
  if (rule.operandsOnlyWith !== undefined && !options.some((option) => rule.operandsOnlyWith?.test(option) === true)) return [];
  if (rule.operandsNotWith !== undefined && options.some((option) => rule.operandsNotWith?.test(option) === true)) return [];
  const unless = rule.firstOperandIsNotAFileUnless;
  const firstIsAFile = unless === undefined || options.some((option) => unless.includes(option) || rule.firstOperandLike?.test(option) === true);
  const operands = firstIsAFile ? parsed.operands : parsed.operands.slice(1);
  if (rule.operands === 'all') return operands;
  if (rule.operands === 'second') return operands.slice(1, 2);
  // `last`: the target of `cp a b`; with a target directory option every operand is a source
  if (rule.operands === 'last' && operands.length >= 2 && parsed.outputs.length === 0) return operands.slice(-1);
  return [];
}

/** tar writes its archive (`-f`) when it creates or appends, and unnamed files when it extracts. */
function findTarWrites(args: readonly ShellWord[]): WriteTargets {
  const first = args[0]?.text ?? '';
  // `tar czf out.tgz dir`: the first word is a bundle of options even without a dash
  const bundled = first !== '' && !first.startsWith('-') ? [{ text: `-${first}`, literal: args[0]?.literal ?? false }, ...args.slice(1)] : args;
  const parsed = parseArgs(bundled, {
    outputs: ['-f', '--file', '-C', '--directory'],
    values: ['-b', '-T', '--files-from', '-X', '--exclude-from', '-g', '--listed-incremental', '-I', '--use-compress-program', '-H', '--format', '-N', '--newer', '-V', '--label'],
  });
  const modes = parsed.options.join(' ');
  const extracts = /(^| )-[a-zA-Z]*x|--extract|--get/u.test(modes);
  const creates = /(^| )-[a-zA-Z]*[cruA]|--create|--append|--update|--concatenate|--delete/u.test(modes);
  const writes = parsed.outputs.filter(({ via }) => (via === '-f' || via === '--file' ? creates : extracts)).map(({ via, target }) => ({ program: 'tar', via, target }));
  return { writes, unknown: extracts };
}

/** The git subcommand after git's own options (`git -C dir --no-pager diff` is `diff`), and whether they move its directory. */
function findGitSubcommand(args: readonly ShellWord[]): { name: string; at: number; moved: boolean } | undefined {
  let moved = false;
  for (let index = 0; index < args.length; index++) {
    const text = (args[index] as ShellWord).text;
    if (!text.startsWith('-')) return { name: text, at: index, moved };
    if (/^(-C|--git-dir|--work-tree)(=|$)/u.test(text)) moved = true;
    if (text === '-C' || text === '-c' || text === '--git-dir' || text === '--work-tree' || text === '--namespace' || text === '--exec-path') index++;
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
    ...parsed.outputs,
    ...selectOperands(rule, parsed).map((target) => ({ via: 'operand', target })),
    ...parsed.operands.flatMap((word) => {
      const key = rule.assignments?.find((prefix) => word.text.startsWith(prefix));
      return key === undefined ? [] : [{ via: key, target: valueOf(word, word.text.slice(key.length)) }];
    }),
  ];
  const writes = named.map(({ via, target }) => ({ program, via, target }));
  const unnamed = rule.writesUnnamed === true || (rule.writesUnnamed !== undefined && parsed.options.some((option) => (rule.writesUnnamed as RegExp).test(option)));
  // `git -C dir diff --output=x` writes dir/x: a relative target moves with git's directory
  const isKnown = ({ target }: ProgramWrite): boolean => target.literal && !(moved && !target.text.startsWith('/'));
  return { writes: writes.filter(isKnown), unknown: unnamed || !writes.every(isKnown) };
}
