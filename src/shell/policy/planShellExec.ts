import { ToolError } from '../../index.js';
import { analyzeForRun } from '../parsing/analyzeCommandLine.js';
import { assertModelEnvironment } from '../parsing/assertModelEnvironment.js';
import { buildSandboxEnvironment } from '../sandbox/buildSandboxEnvironment.js';
import { filterSearchPath } from './filterSearchPath.js';
import { findRepositoryPrograms, runsGit } from './findRepositoryPrograms.js';
import { getBashParser } from '../parsing/getBashParser.js';
import { planRedirectBindings } from './planRedirectBindings.js';
import { quoteShellWord } from '../parsing/quoteShellWord.js';
import { hasUnpinnedProgramWrites } from './hasUnpinnedProgramWrites.js';
import { resolveProgramReads } from './resolveProgramReads.js';
import { resolveProgramWrites } from './resolveProgramWrites.js';
import { resolveRedirections } from './resolveRedirections.js';
import { resolveSandbox } from '../sandbox/resolveSandbox.js';
import { resolveWorkingDirectory } from './resolveWorkingDirectory.js';
import type { ShellExecInput } from '../ShellExecInput.js';
import type { ShellErrorReason } from '../ShellErrorReason.js';
import type { ShellExecPlan } from './ShellExecPlan.js';
import { ShellPermissionRequest } from './ShellPermissionRequest.js';
import { SHELL_RISKS, type ShellRisk } from '../parsing/SHELL_RISKS.js';
import type { ShellToolConfig } from '../config/ShellToolConfig.js';

/** Risks of commands that may leave processes outside their process group. */
const DETACHING_RISKS: ReadonlySet<string> = new Set([
  SHELL_RISKS.background,
  'wrapper:setsid',
  'wrapper:nohup',
  'wrapper:coproc',
  'wrapper:script',
  'wrapper:systemd-run',
  'wrapper:bash',
  'wrapper:sh',
]);

function invalid(message: string, reason: ShellErrorReason): ToolError {
  return new ToolError('invalid_input', message, { reason });
}

/** Checks what the schema cannot say: exactly one of `command` / `argv`, no NUL, something to run. */
function assertRunnable(input: ShellExecInput): void {
  if ((input.command === undefined) === (input.argv === undefined)) {
    throw invalid(
      'Give exactly one of `command` (a bash command line) and `argv` (a program and its arguments, run without a shell).',
      'command_or_argv',
    );
  }
  const words = input.command === undefined ? (input.argv ?? []) : [input.command];
  if (words.some((word) => word.includes('\0')) || input.cwd?.includes('\0') === true) {
    throw invalid('The command contains a NUL character, which no program can receive. Remove it.', 'nul_character');
  }
  const blank = input.command?.split('\n').every((line) => /^\s*(#.*)?$/u.test(line)) === true;
  if (blank || input.argv?.[0] === '') {
    throw invalid(
      'The command is empty (only blanks or comments). Pass the command to run, for example "git status".',
      'empty_command',
    );
  }
}

/**
 * Everything `shell_exec` decides before it may run: input checks, the canonical working
 * directory, the parsed command line, redirection targets, the environment, and the
 * permission requests describing it all. Every refusal is a `ToolError` (nothing has run).
 */
export async function planShellExec(input: ShellExecInput, config: ShellToolConfig): Promise<ShellExecPlan> {
  assertRunnable(input);
  const modelEnv = input.env ?? {};
  assertModelEnvironment(modelEnv);
  const cwd = await resolveWorkingDirectory(input.cwd, config);
  const parser = await getBashParser();
  const { command, argv } = input;
  // One parse: the analysis and where each redirection target sits, for the runner to pin.
  const { analysis, redirectSites } = analyzeForRun(parser, command ?? argv ?? []);
  const redirections = await resolveRedirections(analysis, cwd, config);
  const programWrites = await resolveProgramWrites(analysis, cwd, config);
  const writes = [...redirections, ...programWrites];
  const sandboxed = await resolveSandbox(config);
  // Inside the sandbox its view confines reads; without it, reads are requests like writes.
  const reads = sandboxed
    ? undefined
    : await resolveProgramReads(
        analysis,
        cwd,
        config,
        writes.map((write) => write.target),
      );
  const unknownRead = reads !== undefined && (analysis.readsUnknown || reads.unpinned);
  // Outside the sandbox nothing pins what a program opens: a path the same line reshapes asks.
  const unpinned =
    !sandboxed &&
    (await hasUnpinnedProgramWrites(
      programWrites.map((write) => write.target),
      redirections.map((write) => write.target),
    ));
  // The targets just resolved and checked, not resolved again.
  const redirects = planRedirectBindings(redirections, redirectSites, sandboxed);
  const envKeys = Object.keys(modelEnv).sort();
  // PATH never holds relative entries or directories inside the roots (a planted `git`).
  const searchPath =
    config.hostEnv['PATH'] === undefined ? {} : { PATH: filterSearchPath(config.hostEnv['PATH'], config.workspace) };
  const hostEnv = { ...config.hostEnv, ...searchPath };
  // In the sandbox HOME is empty and private, and PATH names only what the view holds.
  const env = { ...hostEnv, ...(sandboxed ? buildSandboxEnvironment(hostEnv, config.readable) : {}), ...modelEnv };
  // After `cd` the repository a `git` subcommand runs in is unknown here: judged as risky.
  // Scanned on the host, with the host's HOME (the sandbox's is not there: a stranger's `/tmp/home`).
  const scanEnv = { ...hostEnv, ...modelEnv };
  const repositoryPrograms =
    analysis.changesDirectory && runsGit(analysis.subcommands)
      ? undefined
      : await findRepositoryPrograms(analysis.subcommands, cwd, scanEnv);
  const risks: ShellRisk[] = [
    ...analysis.risks.filter((risk) => !unpinned || risk !== SHELL_RISKS.unknownWrite),
    ...(unpinned ? [SHELL_RISKS.unknownWrite] : []),
    ...(unknownRead ? [SHELL_RISKS.unknownRead] : []),
    ...(envKeys.length > 0 ? [SHELL_RISKS.envOverride] : []),
    ...(repositoryPrograms === undefined || repositoryPrograms.length > 0 ? [SHELL_RISKS.repositoryPrograms] : []),
  ].sort();
  const shellRequest = new ShellPermissionRequest({
    command: command ?? (argv ?? []).map(quoteShellWord).join(' '),
    form: command === undefined ? 'argv' : 'command',
    subcommands: analysis.subcommands,
    risks,
    cwd,
    envKeys,
    redirections: redirections.map((write) => write.target),
    sandboxed,
    ...(typeof config.network === 'object'
      ? { network: { allow: config.network.allow.map((pattern) => pattern.text), enforced: sandboxed } }
      : {}),
  });
  const [file, ...args] = command === undefined ? (argv ?? []) : [config.shell.file, ...config.shell.args, command];
  return {
    file: file as string,
    args,
    cwd,
    env,
    timeoutMs: input.timeoutMs ?? config.timeoutMs,
    sweepAfterExit: risks.some((risk) => DETACHING_RISKS.has(risk)),
    sandboxed,
    redirects,
    requests: [shellRequest, ...writes, ...(reads?.requests ?? [])],
  };
}
