import {
  AWKS,
  DIRECTORY_CHANGERS,
  EVALUATORS,
  FIND_EXEC_ACTIONS,
  FIND_WRITE_ACTIONS,
  getInterpreterFamily,
  GIT_CONFIG_OPTIONS,
  GIT_PROGRAM_OPTIONS,
  INLINE_CODE_OPTIONS,
  NAME_TAKING_BUILTINS,
  SHELL_STATE_BUILTINS,
  SHELLS,
  SOURCERS,
  WRAPPER_OPTIONS_WITH_VALUE,
  WRAPPERS,
} from './COMMAND_CLASSES.js';
import { findReadTargets, type ProgramRead } from './findReadTargets.js';
import { sedScriptMayOpenOrRun } from './findSedScriptEffects.js';
import { findWriteTargets, type ProgramWrite } from './findWriteTargets.js';
import type { ShellWord } from './ShellWord.js';
import { SHELL_RISKS, type ShellRisk } from './SHELL_RISKS.js';

/** What one simple command means to policy, beyond its words. */
export interface CommandFacts {
  readonly risks: ShellRisk[];
  /** Commands it runs itself (a wrapper's command, `find -exec`'s command): checked too. */
  readonly innerCommands: (readonly ShellWord[])[];
  /** Shell code it runs from a string (`bash -c '...'`, `eval '...'`): parsed and checked too. */
  readonly scripts: string[];
  readonly changesDirectory: boolean;
  /** Files it writes by its own options and operands (`sort -o F`, `cp a F`). */
  readonly writes: ProgramWrite[];
  /** Files it reads by its own options and operands (`cat F`, `grep -f P F`, `git -C dir`). */
  readonly reads: ProgramRead[];
  /** It reads files no literal word names (`cat "$f"`, `grep -R`): `unknown_read` without the sandbox. */
  readonly readsUnknown: boolean;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/u;
const DURATION = /^[0-9]+(\.[0-9]+)?[smhd]?$/u;

function getBaseName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

/** A wrapper's own command: the first word after its options (and, for env, assignments). */
function findWrappedCommand(name: string, args: readonly ShellWord[]): readonly ShellWord[] | undefined {
  const withValue = WRAPPER_OPTIONS_WITH_VALUE[name];
  // flock <lockfile> command, chroot <newroot> command
  let positionalsToSkip = name === 'flock' || name === 'chroot' ? 1 : 0;
  for (let index = 0; index < args.length; index++) {
    const word = (args[index] as ShellWord).text;
    if (word === '--') return args.slice(index + 1);
    if (word.startsWith('-')) {
      if (withValue?.has(word) === true) index++;
      continue;
    }
    if (name === 'env' && ASSIGNMENT.test(word)) continue;
    if ((name === 'timeout' || name === 'watch') && DURATION.test(word)) continue;
    if (positionalsToSkip > 0) {
      positionalsToSkip--;
      continue;
    }
    return args.slice(index);
  }
  return undefined;
}

/** Shell code a wrapper takes as an option value: `su -c '...'`, `env -S '...'`. */
function findScriptOption(name: string, args: readonly ShellWord[]): string | undefined {
  const options =
    name === 'env' ? ['-S', '--split-string'] : name === 'su' || name === 'runuser' ? ['-c', '--command'] : [];
  const at = args.findIndex((word) => options.includes(word.text));
  const value = at === -1 ? undefined : args[at + 1];
  return value?.literal === true ? value.text : undefined;
}

/** The command of each `find -exec ... ;` (or `+`). */
function findExecCommands(args: readonly ShellWord[]): (readonly ShellWord[])[] {
  const commands: (readonly ShellWord[])[] = [];
  for (let index = 0; index < args.length; index++) {
    if (!FIND_EXEC_ACTIONS.has((args[index] as ShellWord).text)) continue;
    const end = args.findIndex((word, at) => at > index && (word.text === ';' || word.text === '+'));
    commands.push(args.slice(index + 1, end === -1 ? args.length : end));
  }
  return commands.filter((command) => command.length > 0);
}

function classifyGit(args: readonly ShellWord[], risks: ShellRisk[]): void {
  if (args.some((word) => GIT_PROGRAM_OPTIONS.test(word.text))) risks.push(SHELL_RISKS.gitProgramOption);
  for (let index = 0; index < args.length; index++) {
    const word = (args[index] as ShellWord).text;
    if (!word.startsWith('-')) return;
    if (GIT_CONFIG_OPTIONS.test(word)) {
      risks.push(SHELL_RISKS.gitConfigOverride);
      return;
    }
    if (word === '-C' || word === '--git-dir' || word === '--work-tree' || word === '--namespace') index++;
  }
}

/**
 * `set -k` (assignments anywhere in a command become its environment: `git log GIT_PAGER=x`)
 * and `set -o posix` (changes how later lines parse); `set -e`, `-u`, `-x`, `-o pipefail` are fine.
 */
function changesParsing(args: readonly ShellWord[]): boolean {
  return args.some(
    (word, index) =>
      /^[-+][A-Za-z]*k/u.test(word.text) ||
      (/^[-+]o$/u.test(word.text) && /^(keyword|posix)$/u.test(args[index + 1]?.text ?? '')),
  );
}

/** Risk flags and nested commands of one simple command, from its words (command name first). */
export function classifyCommand(words: readonly ShellWord[]): CommandFacts {
  const [first, ...args] = words;
  if (first === undefined)
    return {
      risks: [],
      innerCommands: [],
      scripts: [],
      changesDirectory: false,
      writes: [],
      reads: [],
      readsUnknown: false,
    };
  const name = getBaseName(first.text);
  const { writes, unknown } = findWriteTargets(name, args);
  const read = findReadTargets(name, args);
  const facts: CommandFacts = {
    risks: unknown ? [SHELL_RISKS.unknownWrite] : [],
    innerCommands: [],
    scripts: [],
    changesDirectory: false,
    writes,
    reads: read.reads,
    readsUnknown: read.unknown,
  };
  const { risks } = facts;
  if (!first.literal) risks.push(SHELL_RISKS.dynamicCommand);
  if (NAME_TAKING_BUILTINS.has(name) && (name === 'let' || args.some((word) => word.text.includes('['))))
    risks.push(SHELL_RISKS.arithmetic);
  if (DIRECTORY_CHANGERS.has(name)) return { ...facts, changesDirectory: true };
  if (EVALUATORS.has(name)) {
    risks.push(SHELL_RISKS.eval);
    if (name === 'eval' && args.every((word) => word.literal))
      facts.scripts.push(args.map((word) => word.text).join(' '));
    if (name === 'trap' && args[0]?.literal === true) facts.scripts.push(args[0].text);
  } else if (SOURCERS.has(name)) {
    risks.push(SHELL_RISKS.source);
  } else if (SHELL_STATE_BUILTINS.has(name) || (name === 'set' && changesParsing(args))) {
    risks.push(SHELL_RISKS.shellState);
  } else if (SHELLS.has(name)) {
    risks.push(`wrapper:${name}`);
    const code = args.findIndex((word) => /^-[A-Za-z]*c[A-Za-z]*$/u.test(word.text));
    const script = code === -1 ? undefined : args[code + 1];
    if (script?.literal === true) facts.scripts.push(script.text);
  } else if (WRAPPERS.has(name)) {
    risks.push(`wrapper:${name}`);
    const script = findScriptOption(name, args);
    if (script !== undefined) facts.scripts.push(script);
    const wrapped = findWrappedCommand(name, args);
    if (wrapped !== undefined && wrapped.length > 0) facts.innerCommands.push(wrapped);
  } else if (AWKS.has(name)) {
    risks.push('interpreter:awk');
  } else if (name === 'find') {
    if (args.some((word) => FIND_EXEC_ACTIONS.has(word.text))) risks.push(SHELL_RISKS.findExec);
    if (args.some((word) => FIND_WRITE_ACTIONS.has(word.text))) risks.push(SHELL_RISKS.findWrite);
    facts.innerCommands.push(...findExecCommands(args));
  } else if (name === 'git') {
    classifyGit(args, risks);
  } else if (name === 'sed') {
    // `sed 'r /etc/shadow'`, `sed 's/x/id/e'`: the script opens or runs what no word names
    if (sedScriptMayOpenOrRun(args)) risks.push('interpreter:sed');
  } else {
    const family = getInterpreterFamily(name);
    const inline = family === undefined ? undefined : INLINE_CODE_OPTIONS[family];
    if (inline !== undefined && args.some((word) => inline.test(word.text))) risks.push(`interpreter:${name}`);
  }
  return facts;
}
