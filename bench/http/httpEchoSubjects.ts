import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SCHEMA_ECHO_TOOL } from '../agentkitTools.js';
import { ECHO_TEXT } from '../echo.js';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EVERYTHING_ENTRY = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);
const TOKEN = 'bench-token-0123456789abcdef';

/** An HTTP echo server in its own process, and clients of it. */
export interface HttpEchoServer {
  readonly name: string;
  /** One client (its own MCP session) whose `echo()` makes one call and checks the answer. */
  connect(): Promise<{ echo(): Promise<void>; close(): Promise<void> }>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

/** Spawns a server and resolves once `ready` matches its output. */
function start(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = ready.exec(output);
      if (match !== null) resolve({ child, match });
    });
    child.once('exit', (code) => {
      reject(new Error(`${command} ${args.join(' ')} exited (${String(code)}) before it was ready:\n${output}`));
    });
  });
}

function createServerHandle(
  name: string,
  child: ChildProcess,
  url: string,
  headers: Record<string, string>,
  tool: string,
  args: Record<string, string>,
  answer: string,
): HttpEchoServer {
  return {
    name,
    connect: async () => {
      const client = new Client({ name: 'agentkit-bench', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
      await client.listTools();
      return {
        echo: async () => {
          const result = await client.callTool({ name: tool, arguments: args });
          const [first] = result.content as { type: string; text?: string }[];
          if (first?.text !== answer)
            throw new Error(`${name}: unexpected answer ${JSON.stringify(result).slice(0, 200)}`);
        },
        close: () => client.close(),
      };
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `@modelcontextprotocol/server-everything streamableHttp` (express + the SDK transport), its `echo` tool. */
export async function startEverythingHttp(): Promise<HttpEchoServer> {
  const port = await freePort();
  const { child } = await start(
    process.execPath,
    [EVERYTHING_ENTRY, 'streamableHttp'],
    { PORT: String(port) },
    /listening on port \d+/u,
  );
  return createServerHandle(
    'server-everything streamableHttp echo',
    child,
    `http://127.0.0.1:${port}/mcp`,
    {},
    'echo',
    { message: ECHO_TEXT },
    `Echo: ${ECHO_TEXT}`,
  );
}

/**
 * Our `serveHttp` (what `serve --http` runs) with the bench echo tool, bearer token on; with
 * `json`, in JSON-response mode (`serve --http --json-response`).
 */
export async function startAgentkitHttp(json = false): Promise<HttpEchoServer> {
  const { child, match } = await start(
    process.execPath,
    ['--import', '@swc-node/register/esm-register', path.join(PROJECT_ROOT, 'bench/http/serveEcho.ts')],
    { AGENTKIT_SERVE_TOKEN: TOKEN, AGENTKIT_SERVE_JSON: json ? '1' : '0' },
    /listening on (http:\/\/\S+)/u,
  );
  return createServerHandle(
    json ? 'agentkit serve --http --json-response echo' : 'agentkit serve --http echo (bearer auth)',
    child,
    match[1] ?? '',
    { authorization: `Bearer ${TOKEN}` },
    SCHEMA_ECHO_TOOL,
    { text: ECHO_TEXT },
    ECHO_TEXT,
  );
}
