import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { compiledScript } from '../fixtures/compiledScript.js';
import { connectHttp, runServe, startHttpServe } from './fixtures/startHttpServe.js';
import { connectToServe, getServeCommand, PROJECT_ROOT } from './fixtures/startServe.js';

function textOf(result: unknown): string {
  return (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

let root: string;
let modules: string[];

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-modules-')));
  modules = await Promise.all([
    compiledScript(path.join(PROJECT_ROOT, 'test/mcp/fixtures/serveModule.ts')),
    compiledScript(path.join(PROJECT_ROOT, 'test/mcp/fixtures/serveRegistration.ts')),
  ]);
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** What a client sees of the module's tool, resource, template, prompt and completion. */
async function useEverything(client: Client): Promise<unknown> {
  const updated: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    updated.push(notification.params.uri);
  });
  await client.subscribeResource({ uri: 'notes://index' });
  const added = await client.callTool({ name: 'notes_add', arguments: { title: 'groceries', text: 'milk' } });
  const journal = await client.callTool({ name: 'journal_root', arguments: {} });
  const index = await client.readResource({ uri: 'notes://index' });
  const note = await client.readResource({ uri: 'notes://note/groceries' });
  const prompt = await client.getPrompt({ name: 'notes_summary', arguments: { style: 'briefly' } });
  const completion = await client.complete({
    ref: { type: 'ref/resource', uri: 'notes://note/{title}' },
    argument: { name: 'title', value: 'gr' },
  });
  return {
    capabilities: client.getServerCapabilities(),
    tools: (await client.listTools()).tools.map((tool) => tool.name).filter((name) => !name.startsWith('fs_')),
    builtIns: (await client.listTools()).tools.some((tool) => tool.name === 'fs_read_file'),
    resources: (await client.listResources()).resources.map((resource) => resource.uri),
    templates: (await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate),
    prompts: (await client.listPrompts()).prompts.map((listed) => listed.name),
    added: textOf(added),
    journal: textOf(journal),
    index: index.contents,
    note: note.contents,
    prompt: prompt.messages,
    completion: completion.completion.values,
    updated,
  };
}

const EXPECTED = (): unknown => ({
  capabilities: expect.objectContaining({ resources: { subscribe: true }, prompts: {}, completions: {} }),
  tools: ['journal_root', 'notes_add'],
  builtIns: true,
  resources: ['notes://index'],
  templates: ['notes://note/{title}'],
  prompts: ['notes_summary'],
  added: 'added groceries (2 notes)',
  journal: `root ${root}`,
  index: [{ uri: 'notes://index', mimeType: 'text/plain', text: 'welcome\ngroceries' }],
  note: [{ uri: 'notes://note/groceries', mimeType: 'text/plain', text: 'milk' }],
  prompt: [{ role: 'user', content: { type: 'text', text: 'Summarize 2 notes, briefly.' } }],
  completion: ['groceries'],
  updated: ['notes://index'],
});

describe('agentkit-tools serve --module', () => {
  it("serves a ContainerModule's and a registration function's tools, resources, templates and prompts beside the built-ins, over stdio; stdin's end deactivates what they bound", async () => {
    const marker = path.join(root, 'journal-closed.txt');
    await rm(marker, { force: true });
    const client = await connectToServe([
      'serve',
      '--root',
      root,
      '--module',
      modules[0] ?? '',
      '--module',
      modules[1] ?? '',
    ]);
    try {
      expect(await useEverything(client)).toStrictEqual(EXPECTED());
    } finally {
      await client.close();
    }
    // The journal's @preDestroy ran when the bin unbound its container on stdin's end.
    for (let waited = 0; !existsSync(marker) && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readFile(marker, 'utf8')).toBe('closed\n');
  }, 60_000);

  it('serves them over --http as well, and stops on SIGTERM', async () => {
    const serve = await startHttpServe([
      'serve',
      '--root',
      root,
      '--http',
      '127.0.0.1:0',
      '--no-auth',
      '--module',
      modules[0] ?? '',
      '--module',
      modules[1] ?? '',
    ]);
    try {
      const client = await connectHttp(serve.url, undefined);
      try {
        expect(await useEverything(client)).toStrictEqual(EXPECTED());
      } finally {
        await client.close();
      }
    } finally {
      serve.child.kill('SIGTERM');
    }
    expect(await serve.exited).toBe(0);
    expect(serve.stderr()).toContain('agentkit-tools: stopped');
  }, 60_000);
});

describe('agentkit-tools serve --module, a module binding a token of the core', () => {
  it("keeps the module's permission checker over the default one, and warns when the module's project has another version of agentkit-tools-core", async () => {
    const project = path.join(root, 'other-project');
    await mkdir(path.join(project, 'node_modules/agentkit-tools-core'), { recursive: true });
    await writeFile(path.join(project, 'node_modules/agentkit-tools-core/package.json'), '{ "version": "9.9.9" }\n');
    const checker = path.join(project, 'checker.mjs');
    await writeFile(
      checker,
      "export default (container) => { container.bind(Symbol.for('agentkit-tools-core/PermissionChecker')).toConstantValue({ evaluate: (request) => ({ type: 'deny', code: 'policy_denied', reason: `the module denies ${request.kind}` }) }); };\n",
    );
    await writeFile(path.join(root, 'note.txt'), 'a note\n');
    const transport = new StdioClientTransport({
      ...(await getServeCommand(['serve', '--root', root, '--module', checker])),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'module-token-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const read = await client.callTool({ name: 'fs_read_file', arguments: { path: 'note.txt' } });
      expect({ isError: read.isError, text: textOf(read) }).toStrictEqual({
        isError: true,
        text: expect.stringContaining('the module denies fs.read'),
      });
    } finally {
      await client.close();
    }
    const { version } = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(stderr).toBe(
      `agentkit-tools: warning: --module ${checker} finds agentkit-tools-core 9.9.9 in ${path.join(project, 'node_modules/agentkit-tools-core')}, ` +
        `and this bin is ${version}: their metadata may not agree. Run that project's bin (npx agentkit-tools there).\n`,
    );
  }, 60_000);
});

describe('agentkit-tools serve --module, a module it cannot serve', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-bad-modules-')));
    const files: Record<string, string> = {
      'no-default.mjs': 'export const tools = [];\n',
      'a-class.mjs': 'export default class NotesTool {}\n',
      'a-number.mjs': 'export default 42;\n',
      'throws.mjs': "throw new Error('the configuration is missing');\n",
      'syntax.mjs': 'export default {\n',
      'missing-package.mjs': "import 'agentkit-no-such-package';\nexport default () => {};\n",
      'register-throws.mjs': "export default () => { throw new Error('cannot open the notes database'); };\n",
      'register-answers.mjs': 'export default () => [1, 2];\n',
      'binds-executor.mjs':
        "export default (container) => { container.bind(Symbol.for('agentkit-tools-core/ToolExecutor')).toConstantValue({}); };\n",
      'binds-checker.mjs':
        "export default (container) => { container.bind(Symbol.for('agentkit-tools-core/PermissionChecker')).toConstantValue({ evaluate: () => ({ type: 'allow' }) }); };\n",
      'policy.json': '{ "rules": [], "fallback": "deny" }\n',
    };
    await Promise.all(Object.entries(files).map(([name, text]) => writeFile(path.join(dir, name), text)));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const WHAT_TO_EXPORT =
    'Export default an Inversify ContainerModule (`export default new ContainerModule(({ bind }) => { bind(MyTool).toSelf(); })`) ' +
    'or a function that binds into the container it is given (`export default function register(container) { ... }`).';

  it.each([
    ['missing.mjs', [], (file: string) => `--module ${file}: no such file.`],
    ['.', [], (file: string) => `--module ${file}: not a file; give the module's JavaScript file.`],
    [
      'no-default.mjs',
      [],
      (file: string) => `--module ${file}: it has no default export (it exports tools). ${WHAT_TO_EXPORT}`,
    ],
    [
      'a-class.mjs',
      [],
      (file: string) =>
        `--module ${file}: its default export is the class NotesTool, which the bin cannot bind by itself. ${WHAT_TO_EXPORT}`,
    ],
    ['a-number.mjs', [], (file: string) => `--module ${file}: its default export is a number (42). ${WHAT_TO_EXPORT}`],
    [
      'throws.mjs',
      [],
      (file: string) => `--module ${file}: importing it failed: the configuration is missing (at file://${file}:1:7)`,
    ],
    [
      'register-throws.mjs',
      [],
      (file: string) => `--module ${file}: loading it failed: cannot open the notes database`,
    ],
    [
      'register-answers.mjs',
      [],
      (file: string) =>
        `--module ${file}: its registration function answered an array of 2: bind into the container it is given and answer nothing, or answer a ContainerModule.`,
    ],
    [
      'binds-executor.mjs',
      [],
      (file: string) =>
        `--module ${file}: it binds TOOL_EXECUTOR (it loads agentkitModule?). The bin loads agentkitModule itself, with --root: bind only your own classes and services.`,
    ],
    [
      'binds-checker.mjs',
      ['--policy', 'policy.json'],
      (file: string) =>
        `--module ${file}: it binds PERMISSION_CHECKER, and --policy sets the checker too. Give one of them.`,
    ],
  ])(
    'refuses %s, exit 1, naming the file and the reason',
    async (name, extra, message) => {
      const file = path.join(dir, name);
      const { code, stderr } = await runServe([
        'serve',
        '--root',
        dir,
        ...extra.map((arg) => (arg.endsWith('.json') ? path.join(dir, arg) : arg)),
        '--module',
        file,
      ]);
      expect({ code, stderr }).toStrictEqual({ code: 1, stderr: `agentkit-tools: ${message(file)}\n` });
    },
    60_000,
  );

  it('names the syntax error and the package a module imports but its project lacks', async () => {
    const syntax = await runServe(['serve', '--root', dir, '--module', path.join(dir, 'syntax.mjs')]);
    const missing = await runServe(['serve', '--root', dir, '--module', path.join(dir, 'missing-package.mjs')]);
    expect({ syntax, missing }).toStrictEqual({
      syntax: {
        code: 1,
        stderr: `agentkit-tools: --module ${path.join(dir, 'syntax.mjs')}: importing it failed: Unexpected end of input (node --check ${path.join(dir, 'syntax.mjs')} shows where)\n`,
      },
      missing: {
        code: 1,
        stderr: expect.stringMatching(
          /: importing it failed: Cannot find package 'agentkit-no-such-package' imported from .*\. What the module imports must be installed in its project \(npm install agentkit-tools-core inversify reflect-metadata there\)\.\n$/u,
        ),
      },
    });
  }, 60_000);
});
