#!/usr/bin/env node
/**
 * The package bin: `agentkit-tools serve --root <dir> [--shell] [--policy <file>]` serves the
 * filesystem built-ins (and `shell_exec` with `--shell`) as an MCP server, over stdio, or over
 * Streamable HTTP with `--http <host>:<port>` (bearer token, health endpoint, graceful stop on
 * SIGTERM). This is the composition root: the one place that wires several built-ins together.
 *
 * Without `--policy`, the default checker applies: reads inside the root run, anything else
 * needs approval, which is asked through MCP elicitation or refused. A policy file is the JSON
 * of `PolicyPermissionCheckerOptions` (`{ "rules": [...], "fallback": "ask" }`).
 */
import { readFileSync } from 'node:fs';
import { Container } from 'inversify';
import { agentkitModule, PERMISSION_CHECKER, PolicyPermissionChecker, TOOL_EXECUTOR, type PolicyPermissionCheckerOptions } from '../index.js';
import { fileSystemTools } from '../fs/index.js';
import { serveStdio } from '../mcp/index.js';
import { shellTools } from '../shell/index.js';
import { parseServeArgs, ServeArgsError, USAGE } from './parseServeArgs.js';
import { serveOverHttp } from './serveOverHttp.js';

async function main(argv: readonly string[]): Promise<void> {
  const args = parseServeArgs(argv);
  const container = new Container();
  if (args.policy !== undefined) {
    const options = JSON.parse(readFileSync(args.policy, 'utf8')) as PolicyPermissionCheckerOptions;
    container.bind(PERMISSION_CHECKER).toConstantValue(new PolicyPermissionChecker(options));
  }
  container.load(agentkitModule({ roots: [{ path: args.root }] }), fileSystemTools());
  if (args.shell) container.load(shellTools());
  const executor = await container.getAsync(TOOL_EXECUTOR);
  const { http } = args;
  if (http === undefined) {
    await serveStdio(executor, { name: 'agentkit-tools', version: '0.1.0' });
    return;
  }
  try {
    await serveOverHttp(executor, { ...args, http }, () => Promise.resolve());
  } catch (error) {
    await executor.close();
    throw error;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof ServeArgsError ? `\n${USAGE}` : '';
  process.stderr.write(`agentkit-tools: ${error instanceof Error ? error.message : String(error)}${usage}\n`);
  process.exitCode = error instanceof ServeArgsError ? 2 : 1;
});
