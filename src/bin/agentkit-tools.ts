#!/usr/bin/env node
/**
 * The package bin: `agentkit-tools serve --root <dir> [--shell] [--policy <file>]` serves the
 * filesystem built-ins (and `shell_exec` with `--shell`) as an MCP server, over stdio, or over
 * Streamable HTTP with `--http <host>:<port>` (bearer token, health endpoint, graceful stop on
 * SIGTERM). This is the composition root: the one place that wires several built-ins together.
 *
 * Without `--policy`, the default checker applies: reads inside the root run, anything else
 * needs approval, which is asked through MCP elicitation or refused. A policy file is the JSON
 * of `PolicyPermissionCheckerOptions` (`{ "rules": [...], "fallback": "ask" }`; the README's
 * "Policy file" section, JSON Schema `agentkit-tools-core/policy.schema.json`). `--help` and
 * `--version` work on the bin and on each command.
 */
import { Container } from 'inversify';
import { agentkitModule, APPROVAL_STORE, InMemoryApprovalStore, PERMISSION_CHECKER, TOOL_EXECUTOR } from '../index.js';
import { fileSystemTools } from '../fs/index.js';
import { serveStdio } from '../mcp/index.js';
import { openApprovalStore, type OpenedApprovalStore } from './openApprovalStore.js';
import { parseCommandLine, readVersion } from './parseCommandLine.js';
import { ServeArgsError, USAGE } from './parseServeArgs.js';
import { readPolicyFile } from './readPolicyFile.js';
import { serveOverHttp } from './serveOverHttp.js';

/** The in-memory approval store, bounded; its first eviction is said on stderr (then every 1,000th). */
function createMemoryStore(maxEntries: number | undefined): InMemoryApprovalStore {
  const store: InMemoryApprovalStore = new InMemoryApprovalStore({
    ...(maxEntries === undefined ? {} : { maxEntries }),
    onEvict: () => {
      if (store.evicted % 1000 === 1) {
        process.stderr.write(
          `agentkit-tools: the in-memory approval store holds its limit of ${store.maxEntries} approvals: ` +
            `evicting the oldest (${store.evicted} so far; calls waiting for them can no longer be resumed). ` +
            'Raise --max-approvals or use --approval-store.\n',
        );
      }
    },
  });
  return store;
}

async function main(argv: readonly string[]): Promise<void> {
  const commandLine = parseCommandLine(argv);
  if ('print' in commandLine) {
    process.stdout.write(`${commandLine.print}\n`);
    return;
  }
  const args = commandLine.serve;
  const container = new Container();
  // Checked before anything starts: a bad file is named with its line and key.
  if (args.policy !== undefined) container.bind(PERMISSION_CHECKER).toConstantValue(readPolicyFile(args.policy));
  // Replicas sharing this store honour each approval once between them.
  const approvals: OpenedApprovalStore | undefined =
    args.approvalStore === undefined ? undefined : await openApprovalStore(args.approvalStore);
  if (approvals !== undefined) container.bind(APPROVAL_STORE).toConstantValue(approvals.store);
  else container.bind(APPROVAL_STORE).toConstantValue(createMemoryStore(args.maxApprovals));
  container.load(agentkitModule({ roots: [{ path: args.root }] }), fileSystemTools());
  // The shell built-in is imported only when asked for (its modules are a third of the package).
  if (args.shell) container.load((await import('../shell/index.js')).shellTools());
  const executor = await container.getAsync(TOOL_EXECUTOR);
  const closeStore = (): Promise<void> => approvals?.close() ?? Promise.resolve();
  const { http } = args;
  if (http === undefined) {
    await serveStdio(executor, { name: 'agentkit-tools', version: readVersion() });
    // The client closing stdin ends the session: release the store's connection so the process can exit.
    process.stdin.once('end', () => void executor.close().then(closeStore));
    return;
  }
  try {
    await serveOverHttp(executor, { ...args, http }, closeStore);
  } catch (error) {
    await executor.close();
    await closeStore();
    throw error;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof ServeArgsError ? `\n${USAGE}` : '';
  process.stderr.write(`agentkit-tools: ${error instanceof Error ? error.message : String(error)}${usage}\n`);
  process.exitCode = error instanceof ServeArgsError ? 2 : 1;
});
