import { lstat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { isHardLinked, isPathInside } from '../../kernel/index.js';
import type { CommandLineAnalysis } from '../parsing/CommandLineAnalysis.js';
import { READ_TARGETS } from '../parsing/READ_TARGETS.js';
import { ShellProgramReadPermissionRequest } from './ShellProgramReadPermissionRequest.js';
import type { ShellToolConfig } from '../config/ShellToolConfig.js';
import { WRITE_TARGETS } from '../parsing/WRITE_TARGETS.js';

/** Sources that read nothing a policy cares about (`-` is standard input). */
const READ_SOURCES: ReadonlySet<string> = new Set([
  '-',
  '/dev/null',
  '/dev/stdin',
  '/dev/fd/0',
  '/dev/zero',
  '/dev/random',
  '/dev/urandom',
]);

/** Programs that change no file, besides the readers of `READ_TARGETS` (whose writes, if any, are named). */
const NEUTRAL = new Set([
  'echo',
  'printf',
  'true',
  'false',
  'test',
  '[',
  'pwd',
  'type',
  'which',
  'basename',
  'dirname',
  'date',
  'sleep',
  'exit',
  'return',
  'read',
  'sort',
  'tr',
  'uname',
  'id',
  'whoami',
  'env',
  'printenv',
  'seq',
  'yes',
  'expr',
]);
/** git subcommands that change no file of the work tree. */
const NEUTRAL_GIT = new Set([
  'status',
  'log',
  'show',
  'diff',
  'blame',
  'grep',
  'rev-parse',
  'ls-files',
  'ls-tree',
  'cat-file',
  'describe',
  'shortlog',
  'rev-list',
  'for-each-ref',
  'show-ref',
  'hash-object',
  'version',
  'help',
]);

/** Whether a subcommand may change files the analysis does not name: a program outside both tables (or one that writes unnamed files) and {@link NEUTRAL}. */
function mayReshape(words: readonly string[]): boolean {
  const at = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*\+?=/u.test(word));
  if (at === -1) return false;
  const name = (words[at] as string).slice((words[at] as string).lastIndexOf('/') + 1);
  if (name === 'git') return !NEUTRAL_GIT.has(words.slice(at + 1).find((word) => !word.startsWith('-')) ?? '');
  const writes = WRITE_TARGETS[name];
  return !(
    NEUTRAL.has(name) ||
    name in READ_TARGETS ||
    name === 'cd' ||
    name === 'find' ||
    (writes !== undefined && writes.writesUnnamed === undefined)
  );
}

/** The `fs.read` requests of a command run without the sandbox, and whether some read cannot be vouched for by its path now. */
export interface ProgramReads {
  readonly requests: ShellProgramReadPermissionRequest[];
  /** A target the same line may reshape before it is read, or one that cannot be located (`unknown_read`). */
  readonly unpinned: boolean;
}

/**
 * One `fs.read` request per file a command reads by its words or input redirections (see
 * `READ_TARGETS`), resolved through the workspace for reading like `fs_read_file`'s path:
 * outside the roots it is refused now (`permission_denied`, nothing runs); protected or
 * hard-linked targets are flagged (the checkers ask). Without the sandbox the check is by path
 * now, and the program opens the path later: where the same line may reshape it first (the
 * target is missing, the line writes it or a directory around it, or runs programs whose writes
 * are not named), or a relative target follows a `cd`, the reads are `unpinned`.
 * `writtenTargets` are the canonical targets of the line's writes.
 */
export async function resolveProgramReads(
  analysis: CommandLineAnalysis,
  cwd: string,
  { workspace, protectedPaths }: Pick<ShellToolConfig, 'workspace' | 'protectedPaths'>,
  writtenTargets: readonly string[],
): Promise<ProgramReads> {
  const requests: ShellProgramReadPermissionRequest[] = [];
  let unpinned = false;
  /** A read skipped because its target does not exist (yet). */
  let skipped = false;
  const several = analysis.subcommands.length > 1;
  for (const { program, via, target, ifExists } of analysis.reads) {
    if (READ_SOURCES.has(target.text) && (target.text !== '-' || via !== '<')) continue;
    if (analysis.changesDirectory && !isAbsolute(target.text)) {
      unpinned = true;
      continue;
    }
    const resolved = await workspace.resolve(target.text, { access: 'read', base: cwd });
    const stats = resolved.exists ? await lstat(resolved.path).catch(() => undefined) : undefined;
    const reshaped = writtenTargets.some(
      (written) => isPathInside(written, resolved.path) || isPathInside(resolved.path, written),
    );
    if (ifExists === true && stats === undefined) {
      // a revision, not a file: unless the same line may make it a file first
      if (reshaped) unpinned = true;
      skipped = true;
      continue;
    }
    if (reshaped || (several && stats === undefined)) unpinned = true;
    const hardLinked = isHardLinked(stats);
    requests.push(
      new ShellProgramReadPermissionRequest(resolved.path, {
        program,
        via,
        isProtected: protectedPaths.matches(resolved.path),
        hardLinked,
      }),
    );
  }
  if ((requests.length > 0 || skipped) && several && analysis.subcommands.some(mayReshape)) unpinned = true;
  return { requests, unpinned };
}
