import { analyzeArgv, analyzeCommandLine } from './analyzeCommandLine.js';
import type { CommandLineAnalysis } from './CommandLineAnalysis.js';
import { getBashParser } from './getBashParser.js';

/**
 * Parses a bash command line (or describes an argv) the way `shell_exec`'s preflight does:
 * subcommands, risk flags, output redirections. The first call loads the parser (~50 ms);
 * later calls are synchronous work behind a resolved promise.
 */
export async function parseShellCommand(command: string | readonly string[]): Promise<CommandLineAnalysis> {
  const parser = await getBashParser();
  return typeof command === 'string' ? analyzeCommandLine(parser, command) : analyzeArgv(parser, command);
}
