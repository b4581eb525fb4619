#!/usr/bin/env node
/**
 * The package bin: `agentkit-tools serve --root <dir> [--shell] [--policy <file>]` serves the
 * filesystem built-ins (and `shell_exec` with `--shell`) over stdio as an MCP server. This is
 * the composition root: the one place that wires several built-ins together.
 *
 * Without `--policy`, the default checker applies: reads inside the root run, anything else
 * needs approval, which is asked through MCP elicitation or refused. A policy file is the JSON
 * of `PolicyPermissionCheckerOptions` (`{ "rules": [...], "fallback": "ask" }`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Container } from 'inversify';
import { agentkitModule, PERMISSION_CHECKER, PolicyPermissionChecker, TOOL_EXECUTOR, type PolicyPermissionCheckerOptions } from '../index.js';
import { fileSystemTools } from '../fs/index.js';
import { serveStdio } from '../mcp/index.js';
import { shellTools } from '../shell/index.js';

const USAGE = 'Usage: agentkit-tools serve --root <dir> [--shell] [--policy <file>]';

interface ServeArgs {
  readonly root: string;
  readonly shell: boolean;
  readonly policy: string | undefined;
}

function parseArgs(argv: readonly string[]): ServeArgs {
  const [command, ...rest] = argv;
  if (command !== 'serve') throw new Error(`Unknown command ${JSON.stringify(command ?? '')}.`);
  let root: string | undefined;
  let policy: string | undefined;
  let shell = false;
  for (let index = 0; index < rest.length; index += 1) {
    const flag = rest[index];
    if (flag === '--shell') shell = true;
    else if (flag === '--root' || flag === '--policy') {
      const value = rest[++index];
      if (value === undefined) throw new Error(`${flag} needs a value.`);
      // Command-line paths are the user's: relative ones mean relative to where they run it.
      if (flag === '--root') root = path.resolve(value);
      else policy = value;
    } else throw new Error(`Unknown option ${JSON.stringify(flag)}.`);
  }
  if (root === undefined) throw new Error('--root is required.');
  return { root, shell, policy };
}

async function main(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const container = new Container();
  if (args.policy !== undefined) {
    const options = JSON.parse(readFileSync(args.policy, 'utf8')) as PolicyPermissionCheckerOptions;
    container.bind(PERMISSION_CHECKER).toConstantValue(new PolicyPermissionChecker(options));
  }
  container.load(agentkitModule({ roots: [{ path: args.root }] }), fileSystemTools());
  if (args.shell) container.load(shellTools());
  const executor = await container.getAsync(TOOL_EXECUTOR);
  await serveStdio(executor, { name: 'agentkit-tools', version: '0.1.0' });
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`agentkit-tools: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exitCode = 2;
});
