import type { Parser } from 'web-tree-sitter';
import type { CommandLineAnalysis, RedirectSite } from './CommandLineAnalysis.js';
import { CommandLineWalker } from './CommandLineWalker.js';

function toAnalysis(walker: CommandLineWalker): CommandLineAnalysis {
  return {
    subcommands: walker.subcommands,
    risks: [...walker.risks].sort(),
    redirections: walker.redirections,
    writes: walker.writes,
    reads: walker.reads,
    readsUnknown: walker.readsUnknown,
    changesDirectory: walker.changesDirectory,
    ...(walker.parseError === undefined ? {} : { parseError: walker.parseError }),
  };
}

/** A command line's analysis, with where each redirection target sits in the text (see `CommandLineWalker.redirectSites`). */
export interface AnalyzedCommandLine {
  readonly analysis: CommandLineAnalysis;
  readonly redirectSites: readonly (RedirectSite | undefined)[];
}

/** {@link analyzeCommandLine} (or {@link analyzeArgv} for an argv) with the redirection sites, from one parse. */
export function analyzeForRun(parser: Parser, command: string | readonly string[]): AnalyzedCommandLine {
  const walker = new CommandLineWalker(parser, 0);
  if (typeof command === 'string') walker.walk(command);
  else walker.addCommand(command.map((text) => ({ text, literal: true })));
  return { analysis: toAnalysis(walker), redirectSites: walker.redirectSites };
}

/**
 * Parses a bash command line and describes it for policy. Never throws on bad syntax: a
 * command line that does not parse cleanly carries the `parse_error` risk (so it is never
 * allowed without approval) and whatever could be read around the error.
 */
export function analyzeCommandLine(parser: Parser, text: string): CommandLineAnalysis {
  const walker = new CommandLineWalker(parser, 0);
  walker.walk(text);
  return toAnalysis(walker);
}

/**
 * Describes a program run directly (no shell): its words are the one subcommand, classified
 * like a command's (so `["bash", "-c", "..."]` is a wrapper and its script is parsed too).
 */
export function analyzeArgv(parser: Parser, argv: readonly string[]): CommandLineAnalysis {
  const walker = new CommandLineWalker(parser, 0);
  walker.addCommand(argv.map((text) => ({ text, literal: true })));
  return toAnalysis(walker);
}
