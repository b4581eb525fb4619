import { randomBytes } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { APPROVAL_META_KEY } from '../../src/mcp/index.js';
import type { CallKind } from './callMix.js';
import type { LoadTarget, UnitContext } from './LoadTarget.js';
import type { LoadTree } from './loadTree.js';
import { startServer, type ServerProcess } from './startServer.js';

/** The served bin has the filesystem tools and `shell_exec`, no echo tool. */
const HTTP_KINDS: readonly CallKind[] = ['read', 'list', 'deny', 'invalid', 'missing', 'approve', 'reject', 'shell'];

/** A shell command whose marker starts with this is answered later: the elicitation fails, the approval comes back in `_meta`. */
export const DEFER = 'defer-';
/** A write whose path holds this is declined by the person. */
const DECLINE = 'rejected-';

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

function show(result: CallToolResult): string {
  return JSON.stringify(result).slice(0, 400);
}

function expectSuccess(result: CallToolResult, text: string): void {
  if (result.isError === true || !textOf(result).includes(text))
    throw new Error(`expected a result with ${JSON.stringify(text)}, got ${show(result)}`);
}

function expectRefusal(result: CallToolResult, prefix: string): void {
  if (result.isError !== true || !textOf(result).startsWith(prefix))
    throw new Error(`expected an error result starting ${JSON.stringify(prefix)}, got ${show(result)}`);
}

/**
 * An SDK client session that can elicit, answering as the load run's person: yes, except to a
 * write whose path holds {@link DECLINE} (no), and to the first question about a shell command
 * holding {@link DEFER} (no answer now: the handler throws, so the server hands the approval back).
 */
export async function connectClient(
  url: string,
  token: string,
  onQuestion: (message: string) => void,
): Promise<Client> {
  const client = new Client({ name: 'agentkit-load', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    const { message } = request.params;
    onQuestion(message);
    if (message.includes(DEFER) && !message.includes('asks to resume approval'))
      throw new Error('load run: answered later');
    return { action: 'accept', content: { approve: !message.includes(DECLINE) } };
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return client;
}

/** The HTTP target and the server process behind it (its heap is read over IPC). */
export interface HttpTarget extends LoadTarget {
  readonly server: ServerProcess;
  /**
   * Approvals the server has issued so far (its first question about each: a resume asks again
   * about the same one). Its in-memory store keeps every one for the run's whole length.
   */
  approvalsIssued(): number;
}

/**
 * `agentkit-tools serve --root <tree> --shell --http 127.0.0.1:0` (bearer token, default
 * checker, in-memory approval store) and `clients` SDK client sessions over Streamable HTTP,
 * one per worker. Approvals go through MCP elicitation: granted, declined, or left unanswered
 * and resumed by presenting the approval in `_meta` (then presented again: refused, used).
 */
export async function createHttpTarget(tree: LoadTree, clients: number): Promise<HttpTarget> {
  const token = randomBytes(24).toString('hex');
  const server = await startServer(['serve', '--root', tree.root, '--shell', '--http', '127.0.0.1:0'], {
    AGENTKIT_SERVE_TOKEN: token,
  });
  const sessions: Client[] = [];
  let issued = 0;
  const onQuestion = (message: string): void => {
    if (!message.includes('asks to resume approval')) issued += 1;
  };
  try {
    for (let index = 0; index < clients; index += 1) sessions.push(await connectClient(server.url, token, onQuestion));
  } catch (error) {
    await Promise.allSettled(sessions.map((session) => session.close()));
    await server.stop();
    throw error;
  }
  const call = (
    context: UnitContext,
    name: string,
    args: Record<string, unknown>,
    meta?: Record<string, unknown>,
  ): Promise<CallToolResult> =>
    context.time(
      async () =>
        (await (sessions[context.worker] as Client).callTool({
          name,
          arguments: args,
          ...(meta === undefined ? {} : { _meta: meta }),
        })) as CallToolResult,
    );

  const units: Record<CallKind, ((context: UnitContext) => Promise<void>) | undefined> = {
    echo: undefined,
    read: async (context) => {
      const file = context.index % tree.files.length;
      expectSuccess(await call(context, 'fs_read_file', { path: tree.files[file] }), tree.markerOf(file));
    },
    list: async (context) => {
      expectSuccess(await call(context, 'fs_list_directory', { path: 'docs' }), 'file-00.txt');
    },
    deny: async (context) => {
      expectRefusal(await call(context, 'fs_read_file', { path: tree.outside }), '[permission_denied]');
    },
    invalid: async (context) => {
      expectRefusal(
        await call(
          context,
          'fs_read_file',
          context.index % 2 === 0 ? { path: context.index } : { path: tree.files[0], unexpected: true },
        ),
        '[invalid_input]',
      );
    },
    missing: async (context) => {
      expectRefusal(
        await call(context, 'fs_read_file', { path: `docs/missing-${context.index}.txt` }),
        '[execution_failed]',
      );
    },
    approve: async (context) => {
      const relative = `out/approved-${context.index}.txt`;
      const content = `written by unit ${context.index}\n`;
      const written = await call(context, 'fs_write_file', { path: relative, content });
      if (written.isError === true) throw new Error(`the approved write failed: ${show(written)}`);
      if ((await readFile(path.join(tree.root, relative), 'utf8')) !== content)
        throw new Error(`${relative}: not the approved content`);
      const deleted = await call(context, 'fs_delete', { path: relative });
      if (deleted.isError === true) throw new Error(`the approved delete failed: ${show(deleted)}`);
      if (await exists(path.join(tree.root, relative)))
        throw new Error(`${relative}: still there after the approved delete`);
    },
    reject: async (context) => {
      const relative = `out/${DECLINE}${context.index}.txt`;
      expectRefusal(
        await call(context, 'fs_write_file', { path: relative, content: 'never written\n' }),
        '[permission_denied] Refused: the user did not approve',
      );
      if (await exists(path.join(tree.root, relative))) throw new Error(`${relative}: written although refused`);
    },
    shell: async (context) => {
      const marker = `${DEFER}${context.index}`;
      const args = { argv: ['echo', marker] };
      const unanswered = await call(context, 'shell_exec', args);
      expectRefusal(unanswered, '[approval_required]');
      const approval = unanswered._meta?.[APPROVAL_META_KEY];
      if (approval === undefined) throw new Error(`no approval handed back: ${show(unanswered)}`);
      expectSuccess(await call(context, 'shell_exec', args, { [APPROVAL_META_KEY]: approval }), marker);
      expectRefusal(
        await call(context, 'shell_exec', args, { [APPROVAL_META_KEY]: approval }),
        '[permission_denied] The approval for tool `shell_exec` was not accepted: it was already used',
      );
    },
  };

  return {
    name: `serve --http (${clients} clients)`,
    kinds: HTTP_KINDS,
    callsOf: (kind) => (kind === 'approve' ? 2 : kind === 'shell' ? 3 : 1),
    runUnit: async (kind, context) => {
      const unit = units[kind];
      if (unit === undefined) throw new Error(`serve --http makes no ${kind} calls`);
      await unit(context);
    },
    pid: server.pid,
    server,
    approvalsIssued: () => issued,
    close: async () => {
      await Promise.allSettled(sessions.map((session) => session.close()));
      await server.stop();
    },
  };
}
