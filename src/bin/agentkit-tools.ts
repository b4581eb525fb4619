#!/usr/bin/env node
/**
 * The package bin: `agentkit-tools serve --root <dir> [--shell] [--policy <file>] [--module <file>]...`
 * serves the filesystem built-ins (and `shell_exec` with `--shell`), and the `@Tool`, `@Resource`,
 * `@ResourceTemplate` and `@Prompt` classes each `--module` binds, as an MCP server, over stdio, or
 * over Streamable HTTP with `--http <host>:<port>` (bearer token, health endpoint, graceful stop on
 * SIGTERM). This is the composition root: the one place that wires several built-ins together.
 *
 * Without `--policy`, the default checker applies: reads inside the root run, anything else
 * needs approval, which is asked through MCP elicitation or refused. A policy file is the JSON
 * of `PolicyPermissionCheckerOptions` (`{ "rules": [...], "fallback": "ask" }`; the README's
 * "Policy file" section, JSON Schema `agentkit-tools-core/policy.schema.json`). `--help` and
 * `--version` work on the bin and on each command.
 */
import { Container } from 'inversify';
import {
  agentkitModule,
  APPROVAL_STORE,
  InMemoryApprovalStore,
  PERMISSION_CHECKER,
  TOOL_EXECUTOR,
  type ToolExecutor,
} from '../index.js';
import { fileSystemTools } from '../fs/index.js';
import { servedContent, serveStdio, type ServedContent } from '../mcp/index.js';
import { loadServeModules } from './loadServeModules.js';
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
  // Checked before anything starts: a bad file is named with its line and key.
  const policy = args.policy === undefined ? undefined : readPolicyFile(args.policy);
  const container = new Container();
  // The user's modules first: a token one binds (an observer, handlers, a checker) keeps its binding.
  await loadServeModules(
    container,
    args.modules,
    {
      policy: policy !== undefined,
      approvalStore: args.approvalStore !== undefined || args.maxApprovals !== undefined,
    },
    (line) => process.stderr.write(`agentkit-tools: ${line}\n`),
  );
  if (policy !== undefined) container.bind(PERMISSION_CHECKER).toConstantValue(policy);
  // Replicas sharing this store honour each approval once between them.
  const approvals: OpenedApprovalStore | undefined =
    args.approvalStore === undefined ? undefined : await openApprovalStore(args.approvalStore);
  if (approvals !== undefined) container.bind(APPROVAL_STORE).toConstantValue(approvals.store);
  else if (!container.isBound(APPROVAL_STORE))
    container.bind(APPROVAL_STORE).toConstantValue(createMemoryStore(args.maxApprovals));
  container.load(agentkitModule({ roots: [{ path: args.root }] }), fileSystemTools());
  // The shell built-in is imported only when asked for (its modules are a third of the package).
  if (args.shell) container.load((await import('../shell/index.js')).shellTools());
  // Whatever fails from here on, the store's connection is released so the process can exit.
  const closeStore = (): Promise<void> => approvals?.close() ?? Promise.resolve();
  let executor: ToolExecutor;
  try {
    executor = await container.getAsync(TOOL_EXECUTOR);
  } catch (error) {
    await closeStore();
    throw error;
  }
  // The executor first (calls in flight stop), then the container: what the modules bound is
  // deactivated (their `@preDestroy`, `onDeactivation`), then the store.
  const stopAll = async (): Promise<void> => {
    try {
      await executor.close();
      await container.unbindAllAsync();
    } finally {
      await closeStore();
    }
  };
  let content: ServedContent;
  try {
    content = servedContent(container);
  } catch (error) {
    await stopAll();
    throw error;
  }
  const { http } = args;
  const server = { name: 'agentkit-tools', version: readVersion(), content };
  if (http === undefined) {
    await serveStdio(executor, server);
    // The client closing stdin ends the session: release the store's connection so the process can exit.
    process.stdin.once('end', () => {
      stopAll().catch((error: unknown) => {
        process.stderr.write(
          `agentkit-tools: stopping failed: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        process.exitCode = 1;
      });
    });
    return;
  }
  try {
    await serveOverHttp(executor, { ...args, http }, content, stopAll);
  } catch (error) {
    await stopAll();
    throw error;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof ServeArgsError ? `\n${USAGE}` : '';
  process.stderr.write(`agentkit-tools: ${error instanceof Error ? error.message : String(error)}${usage}\n`);
  process.exitCode = error instanceof ServeArgsError ? 2 : 1;
});
