import type { ShellWord } from './ShellWord.js';

/** How a program's options are read: which take a value, and which of those name a file. */
export interface ProgramArgsSpec {
  /** Options whose value is a file (`-o F`, `-oF`, `--output F`, `--output=F`). */
  readonly files?: readonly string[];
  /** Other options that take a value (so that value is not taken for an operand). */
  readonly values?: readonly string[];
  /** Long options without a value the caller tests for (so their abbreviations count too: `--in-pl`). */
  readonly flags?: readonly string[];
  /** Options end at the first operand (`less f -p x` reads `-p` and `x`), as for POSIX getopt rather than GNU's, which permutes. */
  readonly optionsEndAtOperand?: boolean;
}

/** A command's words split into options, the files its file options name, and operands. */
export interface ProgramArgs {
  /** Option words (long ones expanded to their full name, `=value` dropped). */
  readonly options: string[];
  /** Every option's name, short ones taken out of their bundles (`-ie` is `-i` and `-e`). */
  readonly names: string[];
  readonly operands: ShellWord[];
  /** The values of the spec's `files` options, with the option that named each. */
  readonly files: { via: string; target: ShellWord }[];
}

function valueOf(word: ShellWord, text: string): ShellWord {
  return { text, literal: word.literal };
}

/**
 * Splits words into options, their values and operands, GNU style (`-oF`, `-so F`,
 * `--output=F`, `--`). getopt_long (and git's parse-options) take any unambiguous prefix of a
 * long option (`--outp=F` is `--output=F`); where a prefix fits several, a file option wins,
 * so a file is never missed.
 */
export function parseProgramArgs(args: readonly ShellWord[], spec: ProgramArgsSpec): ProgramArgs {
  const parsed: ProgramArgs = { options: [], names: [], operands: [], files: [] };
  const files = new Set(spec.files ?? []);
  const takesValue = (option: string): boolean => files.has(option) || spec.values?.includes(option) === true;
  const longNames = [...files, ...(spec.values ?? []), ...(spec.flags ?? [])].filter((name) => name.startsWith('--'));
  const expand = (option: string): string => {
    if (longNames.includes(option)) return option;
    const fits = longNames.filter((name) => name.startsWith(option));
    return fits.find((name) => files.has(name)) ?? fits[0] ?? option;
  };
  let optionsEnd = false;
  for (let index = 0; index < args.length; index++) {
    const word = args[index] as ShellWord;
    const text = word.text;
    if (optionsEnd || text === '-' || !text.startsWith('-')) {
      parsed.operands.push(word);
      if (spec.optionsEndAtOperand === true) optionsEnd = true;
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
        parsed.names.push(option);
        if (!takesValue(option)) continue;
        value = at + 1 < text.length ? valueOf(word, text.slice(at + 1)) : args[++index];
        break;
      }
    }
    parsed.options.push(text.startsWith('--') ? option : text);
    if (text.startsWith('--')) parsed.names.push(option);
    if (value !== undefined && files.has(option)) parsed.files.push({ via: option, target: value });
  }
  return parsed;
}

/** tar's options that take a value tar neither reads nor writes as a file (both target tables share them). */
export const TAR_VALUE_OPTIONS: readonly string[] = [
  '-b',
  '-g',
  '--listed-incremental',
  '-I',
  '--use-compress-program',
  '-H',
  '--format',
  '-N',
  '--newer',
  '-V',
  '--label',
];

/** `tar czf out.tgz dir`: tar's first word is a bundle of options even without a dash. */
export function bundleTarOptions(args: readonly ShellWord[]): readonly ShellWord[] {
  const first = args[0];
  return first !== undefined && first.text !== '' && !first.text.startsWith('-')
    ? [{ text: `-${first.text}`, literal: first.literal }, ...args.slice(1)]
    : args;
}
