import { readFileSync } from 'node:fs';
import { locatePackageFile } from '../internal/index.js';
import { parseServeArgs, ServeArgsError, USAGE, type ServeArgs } from './parseServeArgs.js';

/** What `agentkit-tools <argv>` asks for: a text to print (help, version) and exit, or a command to run. */
export type CommandLine = { readonly print: string } | { readonly serve: ServeArgs };

const HELP_FLAGS: readonly string[] = ['--help', '-h'];
const VERSION_FLAGS: readonly string[] = ['--version', '-v', '-V'];

export const MAIN_HELP = `Usage: agentkit-tools <command> [options]

Commands:
  serve   Serve the filesystem built-ins (and shell_exec with --shell) as an MCP server,
          with your own tools, resources and prompts (--module)
  help    Show this help, or a command's (agentkit-tools help serve)

Options:
  -h, --help     Show help (agentkit-tools serve --help for the command's options)
  -v, --version  Print the version`;

export const SERVE_HELP = `${USAGE}

  --root <dir>            The directory the tools work in (required)
  --shell                 Also serve shell_exec
  --policy <file>         A JSON policy file: { "rules": [{ "effect", "kind", "pattern"? }], "fallback" },
                          checked at start-up; see the README's "Policy file" section and the JSON Schema
                          agentkit-tools-core/policy.schema.json. Without it: reads in the root run,
                          anything else asks (through MCP elicitation) or is refused
  --module <file>         Also serve what an ES module of yours binds (repeatable): its default export is
                          an Inversify ContainerModule, or a function (container) => void | Promise<void>,
                          binding @Tool, @Resource, @ResourceTemplate and @Prompt classes (as themselves)
                          and their services. Compiled JavaScript with decorator metadata, importing
                          agentkit-tools-core and inversify from its project; see the README's
                          "Your own tools in the bin" section
  --approval-store <url>  Share approvals between replicas (redis://..., postgres://...)
  -h, --help              Show this help`;

/** This package's version, from its own package.json. */
export function readVersion(from: string = import.meta.url): string {
  const manifest = JSON.parse(readFileSync(locatePackageFile('package.json', from), 'utf8')) as { version: string };
  return manifest.version;
}

/**
 * Reads the bin's command line: `--help`/`-h` and `--version`/`-v` on the bin and on each
 * command (`agentkit-tools serve --help`), `help [command]`, otherwise `serve ...` through
 * {@link parseServeArgs}. Throws {@link ServeArgsError} naming what is wrong.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const [command, ...rest] = argv;
  if (command === undefined) throw new ServeArgsError('Give a command (agentkit-tools --help lists them).');
  if (VERSION_FLAGS.includes(command)) return { print: readVersion() };
  if (HELP_FLAGS.includes(command)) return { print: MAIN_HELP };
  if (command === 'help') {
    const [topic] = rest;
    if (topic === undefined) return { print: MAIN_HELP };
    if (topic === 'serve') return { print: SERVE_HELP };
    throw new ServeArgsError(`Unknown command ${JSON.stringify(topic)} (agentkit-tools --help lists them).`);
  }
  if (command === 'serve') {
    if (rest.some((arg) => HELP_FLAGS.includes(arg))) return { print: SERVE_HELP };
    if (rest.some((arg) => VERSION_FLAGS.includes(arg))) return { print: readVersion() };
  }
  return { serve: parseServeArgs(argv) };
}
