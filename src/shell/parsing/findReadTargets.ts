import { bundleTarOptions, parseProgramArgs, TAR_VALUE_OPTIONS, type ProgramArgs } from './parseProgramArgs.js';
import { READ_TARGETS, type ReadTargetRule } from './READ_TARGETS.js';
import type { ShellWord } from './ShellWord.js';

/** A file a command reads, named in its words or its input redirections. */
export interface ProgramRead {
  /** The program (`cat`, `git diff`), or `shell` for an input redirection. */
  readonly program: string;
  /** How the target was named: the option (`-f`, `-C`), `operand`, or the redirection operator (`<`). */
  readonly via: string;
  /** The word naming the file (relative ones resolve against the command's working directory). */
  readonly target: ShellWord;
  /** Read only if it exists (`git diff a b` compares files only when they are paths, else revisions). */
  readonly ifExists?: true;
}

/** What a command's words say about the files it reads. */
export interface ReadTargets {
  readonly reads: ProgramRead[];
  /** It reads files no literal word names (an expansion, a list file, links it follows): only a person can judge. */
  readonly unknown: boolean;
}

const NONE: ReadTargets = Object.freeze({ reads: [], unknown: false });

function parse(args: readonly ShellWord[], rule: ReadTargetRule): ProgramArgs {
  return parseProgramArgs(args, {
    files: rule.inputs ?? [],
    values: rule.values ?? [],
    flags: rule.flags ?? [],
    optionsEndAtOperand: rule.optionsEndAtOperand === true,
  });
}

function selectOperands(rule: ReadTargetRule, parsed: ProgramArgs): ShellWord[] {
  const { options } = parsed;
  if (rule.operands === 'none') return [];
  const counted = rule.orWithOperands !== undefined && parsed.operands.length === rule.orWithOperands;
  if (
    rule.operandsOnlyWith !== undefined &&
    !counted &&
    !options.some((option) => rule.operandsOnlyWith?.test(option) === true)
  )
    return [];
  if (rule.operandsNotWith !== undefined && options.some((option) => rule.operandsNotWith?.test(option) === true))
    return [];
  const unless = rule.firstOperandIsNotAFileUnless;
  const firstIsAFile = unless === undefined || parsed.names.some((name) => unless.includes(name));
  const operands = firstIsAFile ? parsed.operands : parsed.operands.slice(1);
  const targeted =
    rule.targetOptions !== undefined && parsed.names.some((name) => rule.targetOptions?.includes(name) === true);
  const selected =
    rule.operands === 'first'
      ? operands.slice(0, 1)
      : rule.operands === 'allButFirst'
        ? operands.slice(1)
        : rule.operands === 'allButLast' && !targeted
          ? operands.slice(0, -1)
          : operands;
  // by position first: `scp key host:dir` reads key, the last operand being the remote target
  return (rule.maxOperands === undefined ? selected : selected.slice(0, rule.maxOperands)).filter(
    (word) => rule.notAFile?.test(word.text) !== true,
  );
}

/** A repository operand that is a local path (`/r`, `./r`, `../r`, `file:///r`), or `undefined` for a URL or a remote's name. */
function getLocalRepository(word: ShellWord): ShellWord | undefined {
  if (!word.literal) return word;
  if (word.text.startsWith('file://')) return { text: word.text.slice('file://'.length), literal: true };
  return /^(\/|\.\.?(\/|$))/u.test(word.text) ? word : undefined;
}

/** The values of the options matching `pattern`, separate (`-d V`) or joined (`--data=V`, `-dV`). */
function valuesOf(args: readonly ShellWord[], pattern: RegExp | undefined): ShellWord[] {
  if (pattern === undefined) return [];
  return args.flatMap((word, index) => {
    const joined = /^(--[^=]+)=(.*)$/su.exec(word.text) ?? /^(-[a-zA-Z])(.+)$/su.exec(word.text);
    if (joined !== null && pattern.test(joined[1] as string))
      return [{ text: joined[2] as string, literal: word.literal }];
    const next = args[index + 1];
    return pattern.test(word.text) && next !== undefined ? [next] : [];
  });
}

function findRuleReads(program: string, rule: ReadTargetRule, args: readonly ShellWord[]): ReadTargets {
  const parsed = parse(args, rule);
  let operands = selectOperands(rule, parsed);
  if (rule.localRepository === true) operands = operands.flatMap((word) => getLocalRepository(word) ?? []);
  // `git diff a b` without --no-index: files where they exist (outside a repository, or outside its work tree), else revisions
  const ifExists =
    rule.orWithOperands !== undefined && !parsed.options.some((option) => rule.operandsOnlyWith?.test(option) === true);
  // ... of which only those that may lie outside the working directory (which is inside the roots)
  const leaves = (word: ShellWord): boolean => !word.literal || /^\/|(^|\/)\.\.(\/|$)/u.test(word.text);
  const reads = [
    ...parsed.files.map(({ via, target }) => ({ program, via, target })),
    ...(ifExists ? operands.filter(leaves) : operands).map((target) => ({
      program,
      via: 'operand',
      target,
      ...(ifExists ? { ifExists: true as const } : {}),
    })),
  ];
  const byValue = rule.unnamedOnlyWithValue;
  const unnamedByOption =
    byValue === undefined
      ? rule.readsUnnamedWith !== undefined &&
        parsed.options.some((option) => rule.readsUnnamedWith?.test(option) === true)
      : valuesOf(args, rule.readsUnnamedWith).some((value) => !value.literal || byValue.test(value.text));
  const unnamed =
    unnamedByOption ||
    (rule.unknownOperand !== undefined &&
      parsed.operands.some((word) => rule.unknownOperand?.test(word.text) === true));
  return { reads, unknown: unnamed };
}

/** tar reads its archive (`-f`) unless it creates one, the files it adds when it creates or appends, and its list files. */
function findTarReads(args: readonly ShellWord[]): ReadTargets {
  const parsed = parseProgramArgs(bundleTarOptions(args), {
    files: ['-f', '--file', '-T', '--files-from', '-X', '--exclude-from', '-C', '--directory'],
    values: TAR_VALUE_OPTIONS,
  });
  const modes = parsed.options.join(' ');
  const creates = /(^| )-[a-zA-Z]*c|--create/u.test(modes);
  const adds = creates || /(^| )-[a-zA-Z]*[ruA]|--append|--update|--concatenate/u.test(modes);
  const reads = parsed.files
    .filter(({ via }) => via !== '-C' && via !== '--directory' && ((via !== '-f' && via !== '--file') || !creates))
    .map(({ via, target }) => ({ program: 'tar', via, target }));
  const movesOperands = parsed.files.some(({ via }) => via === '-C' || via === '--directory');
  const operands = adds ? parsed.operands.map((target) => ({ program: 'tar', via: 'operand', target })) : [];
  const unknown =
    parsed.files.some(({ via }) => via === '-T' || via === '--files-from') ||
    (adds && /(^| )-[a-zA-Z]*h|--dereference/u.test(modes)) ||
    (movesOperands && operands.some(({ target }) => !target.text.startsWith('/')));
  return {
    reads: [...reads, ...operands.filter(({ target }) => !movesOperands || target.text.startsWith('/'))],
    unknown,
  };
}

/** find reads the directories it starts from (and follows links with `-L` or `-follow`). */
function findFindReads(args: readonly ShellWord[]): ReadTargets {
  let index = 0;
  let unknown = false;
  for (; index < args.length; index++) {
    const text = (args[index] as ShellWord).text;
    if (text === '-L') unknown = true;
    else if (text === '-D') index++;
    else if (!/^-([HP]|O[0-9]*)$/u.test(text)) break;
  }
  const reads: ProgramRead[] = [];
  for (; index < args.length; index++) {
    const word = args[index] as ShellWord;
    if (/^[-(!,]/u.test(word.text)) break;
    reads.push({ program: 'find', via: 'operand', target: word });
  }
  for (; index < args.length; index++) {
    const text = (args[index] as ShellWord).text;
    if (text === '-follow' || text === '-files0-from') unknown = true;
    const value = args[index + 1];
    if (/^-(newer|anewer|cnewer|samefile)$/u.test(text) && value !== undefined)
      reads.push({ program: 'find', via: text, target: value });
  }
  return { reads, unknown };
}

/**
 * git's own `-C`, `--git-dir` and `--work-tree` (read, whatever the subcommand), then the
 * subcommand's files from the table. After a `-C` or `--git-dir`, relative names are relative
 * to somewhere else: `unknown`.
 */
function findGitReads(args: readonly ShellWord[]): ReadTargets {
  const reads: ProgramRead[] = [];
  let moved = false;
  let unknown = false;
  /** Adds a read, or answers that it cannot be located (relative to a directory git moved to). */
  const add = (read: Omit<ProgramRead, 'program'>): boolean => {
    if (moved && !read.target.text.startsWith('/')) return true;
    reads.push({ program: 'git', ...read });
    return false;
  };
  for (let index = 0; index < args.length; index++) {
    const text = (args[index] as ShellWord).text;
    if (!text.startsWith('-')) {
      const rule = READ_TARGETS[`git ${text}`];
      const inner = rule === undefined ? NONE : findRuleReads(`git ${text}`, rule, args.slice(index + 1));
      for (const read of inner.reads) unknown = add(read) || unknown;
      return { reads, unknown: unknown || inner.unknown };
    }
    const option = /^(-C|--git-dir|--work-tree)(=(.*))?$/u.exec(text);
    const word = args[index] as ShellWord;
    if (option !== null) {
      const value = option[3] === undefined ? args[++index] : { text: option[3], literal: word.literal };
      if (value !== undefined) unknown = add({ via: option[1] as string, target: value }) || unknown;
      if (option[1] !== '--work-tree') moved = true;
    } else if (text === '-c' || text === '--namespace' || text === '--exec-path' || text === '--config-env') index++;
  }
  return { reads, unknown };
}

/**
 * The files a command reads by its own options and operands (`cat F`, `grep -f P F`, `cp F dir`,
 * `tar -cf out F`, `git -C dir`, `source F`, ...), from the table in `READ_TARGETS`. A target
 * that expands at run time (`cat "$f"`, `cat *.md`, `cat ~/x`) makes the command's reads `unknown`.
 */
export function findReadTargets(name: string, args: readonly ShellWord[]): ReadTargets {
  const rule = READ_TARGETS[name];
  const found =
    name === 'tar'
      ? findTarReads(args)
      : name === 'find'
        ? findFindReads(args)
        : name === 'git'
          ? findGitReads(args)
          : rule === undefined
            ? NONE
            : findRuleReads(name, rule, args);
  const reads = found.reads.filter(({ target }) => target.literal);
  return { reads, unknown: found.unknown || reads.length < found.reads.length };
}
