import { execFile } from 'node:child_process';
import path from 'node:path';
import { getErrnoCode } from '../kernel/index.js';

/**
 * Repository settings that name a program git runs on its own and that cannot be forced off
 * through the environment without breaking the command (`GIT_SAFETY_ENV` covers the rest):
 * filter and diff drivers, merge drivers, `diff.external`, ref and pack programs, helpers and
 * browsers. A `.git/config` an agent could not write (it is protected) may still arrive with
 * a hostile repository.
 */
const PROGRAM_KEY =
  /^(filter\..+\.(clean|smudge|process)|diff\..+\.(command|textconv)|diff\.external|merge\..+\.driver|core\.alternaterefscommand|remote\..+\.(uploadpack|receivepack)|uploadpack\.packobjectshook|credential\..*helper|gpg\..*program|browser\..+\.(cmd|path)|web\.browser|man\..+\.(cmd|path)|man\.viewer|alias\..+|trailer\..+\.(cmd|command)|tar\..+\.command|submodule\..+\.update|(diff|merge)tool\..+\.(cmd|path)|sendemail\..+|imap\.tunnel)$/iu;

/** Scopes a repository brings with it (`system`, `global` and `command` are the host's own). */
const REPOSITORY_SCOPES: ReadonlySet<string> = new Set(['local', 'worktree']);

/** How long reading a repository's configuration may take before the command is judged risky anyway. */
const CONFIG_TIMEOUT_MS = 5_000;

function listConfigNames(cwd: string, env: Readonly<Record<string, string>>): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    // Reading configuration runs nothing (includes are files); the forced settings apply too.
    execFile('git', ['config', '--list', '--show-scope', '--name-only', '-z'], { cwd, env, timeout: CONFIG_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) => {
      if (error !== null) {
        // Not in a repository, or no git: nothing to report. Anything else (a timeout, a
        // broken config git refuses) is reported as unknown.
        resolve(getErrnoCode(error) === 'ENOENT' ? [] : undefined);
        return;
      }
      const fields = stdout.split('\0');
      const names: string[] = [];
      for (let index = 0; index + 1 < fields.length; index += 2) {
        if (REPOSITORY_SCOPES.has(fields[index] as string)) names.push(fields[index + 1] as string);
      }
      resolve(names);
    });
  });
}

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
 * The repository settings that name programs (see {@link PROGRAM_KEY}) in force where the
 * command's `git` subcommands run: the working directory and each literal `git -C <dir>`.
 * `undefined` when a configuration could not be read (treat as risky).
 */
export async function findRepositoryPrograms(subcommands: readonly (readonly string[])[], cwd: string, env: Readonly<Record<string, string>>): Promise<string[] | undefined> {
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
    const names = await listConfigNames(dir, env);
    if (names === undefined) return undefined;
    for (const name of names) if (PROGRAM_KEY.test(name)) found.add(name.toLowerCase());
  }
  return [...found].sort();
}
