import path from 'node:path';
import { REPOSITORY_PROGRAM_KEYS } from '../parsing/GIT_PROGRAM_SETTINGS.js';
import { readRepositoryConfigNames } from './readRepositoryConfigNames.js';

/** Whether the command (after any leading `NAME=value` assignments) is `git`. */
function isGitCommand(words: readonly string[]): boolean {
  const name = words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*\+?=/u.test(word));
  return name !== undefined && path.basename(name) === 'git';
}

/** Whether any subcommand runs `git`. */
export function runsGit(subcommands: readonly (readonly string[])[]): boolean {
  return subcommands.some(isGitCommand);
}

/**
 * The repository settings that name programs git cannot be kept from running (the `asks`
 * entries of `GIT_PROGRAM_SETTINGS`: filter, diff and merge drivers, ...) in force where the
 * command's `git` subcommands run: the working directory and each literal `git -C <dir>`.
 * `undefined` when a configuration could not be read (treat as risky).
 */
export async function findRepositoryPrograms(
  subcommands: readonly (readonly string[])[],
  cwd: string,
  env: Readonly<Record<string, string>>,
): Promise<string[] | undefined> {
  const gitCommands = subcommands.filter(isGitCommand);
  if (gitCommands.length === 0) return [];
  const dirs = new Set([cwd]);
  for (const words of gitCommands) {
    words.forEach((word, index) => {
      if (word === '-C' && words[index + 1] !== undefined) dirs.add(path.resolve(cwd, words[index + 1] as string));
    });
  }
  const found = new Set<string>();
  for (const dir of dirs) {
    const names = await readRepositoryConfigNames(dir, env);
    if (names === undefined) return undefined;
    for (const name of names) if (REPOSITORY_PROGRAM_KEYS.some((key) => key.test(name))) found.add(name.toLowerCase());
  }
  return [...found].sort();
}
