import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  installPackedPackage,
  installTarball,
  MCP_SDK,
  ROOT,
  run,
  type PackedPackage,
} from './fixtures/installPackedPackage.js';

const BIN = path.join(ROOT, 'node_modules/.bin');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, unknown>;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
/** The exports map's code entries; `./policy.schema.json` is data (its own test below). */
const CODE_ENTRIES = Object.keys(manifest.exports).filter((key) => !key.endsWith('.json'));

// The package as users get it: built, packed, installed from the tarball into a project of its own.
describe('the packed package', () => {
  let packed: PackedPackage;

  beforeAll(async () => {
    packed = await installPackedPackage();
  }, 300_000);

  afterAll(() => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before assigning it.
    if (packed !== undefined) rmSync(packed.dir, { recursive: true, force: true });
  });

  it("holds the build, the licence, the manifest, the README, the policy schema, code mode's isolate worker, fs_grep's search worker, the bash grammar and web-tree-sitter with their licences, nothing else", () => {
    expect(packed.files.filter((file) => !file.startsWith('dist/')).sort()).toStrictEqual([
      'LICENSE',
      'README.md',
      'assets/code-isolate-worker.mjs',
      'assets/fs-search-worker.mjs',
      'assets/policy.schema.json',
      'assets/tree-sitter-bash.LICENSE',
      'assets/tree-sitter-bash.wasm',
      'assets/web-tree-sitter.LICENSE',
      'assets/web-tree-sitter.js',
      'assets/web-tree-sitter.wasm',
      'package.json',
    ]);
    expect(
      packed.files.filter(
        (file) => /(^|\/)(src|test)\//.test(file) || (file.endsWith('.ts') && !file.endsWith('.d.ts')),
      ),
    ).toStrictEqual([]);
  });

  it('ships source maps that carry their sources (src/ is not in the package)', () => {
    const maps = packed.files.filter((file) => file.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(0);
    const withoutSources = maps.filter((file) => {
      const map = JSON.parse(readFileSync(path.join(packed.app, 'node_modules', manifest.name, file), 'utf8')) as {
        sources: string[];
        sourcesContent?: (string | null)[];
      };
      return (
        map.sourcesContent?.length !== map.sources.length ||
        map.sourcesContent.some((content) => typeof content !== 'string' || content.length === 0)
      );
    });
    expect(withoutSources).toStrictEqual([]);
  });

  it('passes publint', async () => {
    const { stdout } = await run(path.join(BIN, 'publint'), ['run', packed.tarball, '--pack', 'false', '--strict'], {
      cwd: packed.dir,
    });
    expect(stdout).toContain('All good!');
  }, 60_000);

  it('passes are-the-types-wrong for every entry point (ESM only: node10 and require() are out of scope)', async () => {
    // attw exits non-zero on any problem that is not ignored; its report is then in the rejection's message.
    const { stdout } = await run(
      path.join(BIN, 'attw'),
      [packed.tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color', '--no-emoji'],
      { cwd: packed.dir },
    );
    const entries = stdout.split('*'.repeat(35)).filter((block) => block.includes('node16 (from ESM)'));
    const resolved = (block: string): boolean =>
      block.includes('node16 (from ESM): OK (ESM)') && block.includes('bundler: OK');
    // attw lists the JSON Schema entry too (it has no types to check; attw exited 0, so it found no problem there).
    const code = entries
      .map((block) => [block.match(/"([^"]+)"/)?.[1], resolved(block)])
      .filter(([name]) => typeof name === 'string' && !name.endsWith('.json'));
    expect(code).toStrictEqual(CODE_ENTRIES.map((key) => [path.posix.join(manifest.name, key), true]));
  }, 120_000);

  it('imports every entry point of the exports map from an ESM project', async () => {
    const specifiers = CODE_ENTRIES.map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`));
    const script = `for (const s of ${JSON.stringify(specifiers)}) { const m = await import(s); console.log(s, Object.keys(m).length > 0); }`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packed.app });
    expect(stdout.trim().split('\n')).toStrictEqual(specifiers.map((specifier) => `${specifier} true`));
  }, 60_000);

  it("ships one ES module per entry of the exports map and the bin, the code they share in chunks, every dependency but the bin's Inversify left to the install", () => {
    const entries = [
      ...CODE_ENTRIES.map((key) => (key === '.' ? 'dist/index.js' : `dist/${key.slice(2)}/index.js`)),
      ...Object.values(manifest.bin).map((file) => path.posix.normalize(file)),
    ];
    const code = packed.files.filter((file) => file.startsWith('dist/') && file.endsWith('.js'));
    expect(code.filter((file) => !file.includes('/chunks/')).sort()).toStrictEqual(entries.sort());
    // Every bare import of the bundles names a dependency or a peer: none was bundled in, none is missing.
    const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]);
    const imported = new Set<string>();
    const bare = /^import\s(?:[\w$*{},\s]+\sfrom\s)?"([^".][^"]*)"|\bimport\("([^".][^"]*)"\)/gmu;
    for (const file of code) {
      const text = readFileSync(path.join(packed.app, 'node_modules', manifest.name, file), 'utf8');
      for (const [, fromStatement, fromCall] of text.matchAll(bare)) {
        const specifier = fromStatement ?? fromCall ?? '';
        if (!specifier.startsWith('node:')) imported.add(/^(?:@[^/]+\/)?[^/]+/u.exec(specifier)?.[0] ?? specifier);
      }
    }
    expect([...imported].filter((name) => !declared.has(name))).toStrictEqual([]);
    expect(imported).toContain('inversify');
    // The bin carries its own Inversify (a third of what `serve` would load otherwise), with its licences.
    const binFiles = code.filter((file) => file.startsWith('dist/bin/'));
    const binText = binFiles.map((file) =>
      readFileSync(path.join(packed.app, 'node_modules', manifest.name, file), 'utf8'),
    );
    expect(binText.filter((text) => /^import\s[^;]*"inversify"/mu.test(text))).toStrictEqual([]);
    expect(packed.files).toContain('dist/bin/THIRD-PARTY-LICENSES.txt');
    const notices = readFileSync(
      path.join(packed.app, 'node_modules', manifest.name, 'dist/bin/THIRD-PARTY-LICENSES.txt'),
      'utf8',
    );
    expect(notices).toMatch(/^inversify \d+\.\d+\.\d+\n\n(?:The )?MIT License/mu);
  });

  it("keeps the internal entry the built-ins share out of users' reach (bundled into the chunks, not in the exports map)", async () => {
    expect(packed.files).not.toContain('dist/internal/index.js');
    const script =
      "await import('agentkit-tools-core/internal').then(() => console.log('imported'), (error) => console.log(error.code));";
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packed.app });
    expect(stdout.trim()).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  }, 60_000);

  it('type-checks a consumer of every entry point against the shipped declarations (skipLibCheck off)', async () => {
    const specifiers = Object.keys(manifest.exports).map((key) =>
      key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`,
    );
    const source = specifiers
      .map(
        (specifier, index) =>
          `import * as entry${String(index)} from '${specifier}';\nexport { entry${String(index)} };`,
      )
      .join('\n');
    writeFileSync(path.join(packed.app, 'consumer.ts'), `${source}\n`);
    const args = [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--experimentalDecorators',
    ];
    args.push(
      '--skipLibCheck',
      'false',
      '--types',
      'node',
      '--typeRoots',
      path.join(ROOT, 'node_modules/@types'),
      'consumer.ts',
    );
    const result = await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), ...args], {
      cwd: packed.app,
    }).then(
      () => '',
      (error: unknown) => String((error as { stdout?: unknown }).stdout),
    );
    expect(result.split('\n').filter((line) => line.includes('node_modules/agentkit-tools-core/'))).toStrictEqual([]);
  }, 120_000);

  it("type-checks every entry in a consumer project with the README's tsconfig, strict and skipLibCheck: false", async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const tsconfig = JSON.parse(/needs:\n\n```json\n([\s\S]*?)```/u.exec(readme)?.[1] ?? '{}') as {
      compilerOptions: Record<string, unknown>;
    };
    expect(tsconfig.compilerOptions['emitDecoratorMetadata']).toBe(true);
    const project = path.join(packed.dir, 'typed');
    mkdirSync(project);
    const specifiers = CODE_ENTRIES.map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`));
    writeFileSync(
      path.join(project, 'main.ts'),
      specifiers.map((specifier) => `export * from '${specifier}';\n`).join(''),
    );
    const compilerOptions = {
      ...tsconfig.compilerOptions,
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
    };
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['main.ts'] }));
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'typed-consumer', private: true, type: 'module' }),
    );
    symlinkSync(path.join(packed.app, 'node_modules'), path.join(project, 'node_modules'));
    // tsc exits non-zero on any error, which rejects with its report; web-tree-sitter's declarations (Emscripten globals) must not be reached.
    const { stdout } = await run(
      process.execPath,
      [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project, '--explainFiles'],
      { cwd: project },
    );
    expect(stdout).not.toContain('web-tree-sitter');
  }, 120_000);

  it('loads the redis and postgres entries without their optional drivers, which are asked for only when a store connects', async () => {
    const script = [
      "import { existsSync } from 'node:fs';",
      "const { RedisApprovalStore } = await import('agentkit-tools-core/redis');",
      "const { PostgresApprovalStore } = await import('agentkit-tools-core/postgres');",
      "console.log(existsSync('node_modules/redis'), existsSync('node_modules/pg'));",
      "for (const [Store, url] of [[RedisApprovalStore, 'redis://127.0.0.1:1'], [PostgresApprovalStore, 'postgres://127.0.0.1:1/x']]) {",
      '  await Store.connect(url).then(() => console.log("connected"), (error) => console.log(error.name, error.message));',
      '}',
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packed.app });
    expect(stdout.trim().split('\n')).toStrictEqual([
      'false false',
      'ToolConfigurationError RedisApprovalStore.connect needs the `redis` package (node-redis v5 or v6), an optional peer dependency: npm install redis.',
      'ToolConfigurationError PostgresApprovalStore.connect needs the `pg` package, an optional peer dependency: npm install pg.',
    ]);
  }, 60_000);

  it('parses bash with the grammar and the web-tree-sitter build it ships: neither tree-sitter-bash (20 MB of prebuilds and C sources) nor web-tree-sitter (4.6 MB) is installed', async () => {
    const script = [
      "import { existsSync } from 'node:fs';",
      "const { parseShellCommand } = await import('agentkit-tools-core/shell');",
      "console.log(existsSync('node_modules/tree-sitter-bash'), existsSync('node_modules/web-tree-sitter'));",
      "console.log(JSON.stringify((await parseShellCommand('ls -la | wc -l')).subcommands));",
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packed.app });
    expect(stdout.trim().split('\n')).toStrictEqual(['false false', '[["ls","-la"],["wc","-l"]]']);
  }, 60_000);

  it("loads fs_grep's search worker from the install (its imports resolve there) and searches a file with it", async () => {
    const script = [
      "import { writeFileSync } from 'node:fs';",
      "import { Worker } from 'node:worker_threads';",
      "writeFileSync('searched.txt', 'first\\nneedle here\\n');",
      "const worker = new Worker('./node_modules/agentkit-tools-core/assets/fs-search-worker.mjs', { execArgv: [] });",
      'const task = { pattern: "needle", ignoreCase: false, limit: 10, maxLineChars: 100, maxFileBytes: 1000 };',
      'worker.on("message", (message) => {',
      '  if (message.type !== "ready") { console.log(JSON.stringify(message)); void worker.terminate(); return; }',
      '  worker.postMessage({ type: "task", task });',
      '  worker.postMessage({ type: "batch", batch: 0, files: [`${process.cwd()}/searched.txt`] });',
      '});',
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packed.app });
    expect(stdout.trim()).toBe('{"type":"searched","batch":0,"outcomes":[[2,"needle here"]]}');
  }, 60_000);

  it("exports the policy file's JSON Schema, and the bin answers --version and --help", async () => {
    const script =
      "const { default: schema } = await import('agentkit-tools-core/policy.schema.json', { with: { type: 'json' } }); console.log(schema.title);";
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packed.app });
    expect(stdout.trim()).toBe('agentkit-tools policy file');
    const bin = path.join(packed.app, 'node_modules/.bin/agentkit-tools');
    expect((await run(bin, ['--version'], { cwd: packed.app })).stdout).toBe(`${manifest.version}\n`);
    expect((await run(bin, ['--help'], { cwd: packed.app })).stdout).toContain(
      'Usage: agentkit-tools <command> [options]',
    );
    expect((await run(bin, ['serve', '--help'], { cwd: packed.app })).stdout).toContain('--policy <file>');
  }, 60_000);

  it('runs the agentkit-tools bin from dist: serves the root over stdio MCP and reads a file in it', async () => {
    expect(Object.keys(manifest.bin)).toStrictEqual(['agentkit-tools']);
    const root = path.join(packed.dir, 'root');
    mkdirSync(root);
    writeFileSync(path.join(root, 'hello.txt'), 'hello from the tarball\n');
    const client = new Client({ name: 'packed-package-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: path.join(packed.app, 'node_modules/.bin/agentkit-tools'),
        args: ['serve', '--root', root, '--shell'],
        cwd: packed.app,
      }),
    );
    try {
      const { tools } = await client.listTools();
      const read = await client.callTool({ name: 'fs_read_file', arguments: { path: 'hello.txt' } });
      expect({ tools: tools.map((tool) => tool.name).sort(), read: read.content }).toStrictEqual({
        tools: [
          'fs_create_directory',
          'fs_delete',
          'fs_edit_file',
          'fs_glob',
          'fs_grep',
          'fs_list_directory',
          'fs_move',
          'fs_read_file',
          'fs_write_file',
          'shell_exec',
        ],
        read: [{ type: 'text', text: '     1\thello from the tarball' }],
      });
    } finally {
      await client.close();
    }
  }, 60_000);

  it('runs the bin over Streamable HTTP with --shell: its own chunks find the bash grammar, and SIGTERM stops it', async () => {
    const child = spawn(
      path.join(packed.app, 'node_modules/.bin/agentkit-tools'),
      ['serve', '--root', packed.app, '--shell', '--http', '127.0.0.1:0', '--no-auth'],
      { cwd: packed.app, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('exit', (code, signal) => {
        resolve([code, signal]);
      }),
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          const match = /listening on (\S+)/u.exec(stderr);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        child.on('exit', () => {
          reject(new Error(`the bin exited: ${stderr}`));
        });
      });
      const client = new Client({ name: 'packed-package-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        const { tools } = await client.listTools();
        // No elicitation on this client: the command is refused, after it was parsed and planned.
        const refused = await client.callTool({ name: 'shell_exec', arguments: { command: 'echo hi | wc -c' } });
        const approval = (refused._meta as { 'agentkit-tools/approval'?: { requests: { metadata: unknown }[] } })[
          'agentkit-tools/approval'
        ];
        expect({
          shell: tools.some((tool) => tool.name === 'shell_exec'),
          metadata: approval?.requests[0]?.metadata,
        }).toMatchObject({
          shell: true,
          metadata: {
            subcommands: [
              ['echo', 'hi'],
              ['wc', '-c'],
            ],
          },
        });
      } finally {
        await client.close();
      }
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toStrictEqual([0, null]);
    expect(stderr).toContain('agentkit-tools: stopped');
  }, 60_000);

  it('starts a host of fs, shell and mcp (no server configured) without loading the MCP SDK, web-tree-sitter or re2js, and without the DTO libraries installed', async () => {
    // ESM modules are recorded by a loader hook (it runs on the loader's thread: it appends to a file);
    // CommonJS ones (re2js is required) are in require.cache at the end.
    const log = path.join(packed.dir, 'loaded.txt');
    writeFileSync(
      path.join(packed.app, 'recordHooks.mjs'),
      `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(${JSON.stringify(log)}, url + '\\n');\n  return next(url, context);\n}\n`,
    );
    writeFileSync(
      path.join(packed.app, 'record.mjs'),
      "import { register } from 'node:module';\nregister('./recordHooks.mjs', import.meta.url);\n",
    );
    writeFileSync(path.join(packed.app, 'note.txt'), 'a note\n');
    const script = [
      "import { createRequire } from 'node:module';",
      "import { Container } from 'inversify';",
      "import { agentkitModule, TOOL_EXECUTOR } from 'agentkit-tools-core';",
      "import { fileSystemTools } from 'agentkit-tools-core/fs';",
      "import { shellTools } from 'agentkit-tools-core/shell';",
      "import { mcpServers } from 'agentkit-tools-core/mcp';",
      'const container = new Container();',
      "container.load(agentkitModule({ roots: [{ path: process.cwd() }] }), fileSystemTools(), shellTools({ sandbox: 'off' }), mcpServers({ servers: [] }));",
      'const executor = await container.getAsync(TOOL_EXECUTOR);',
      "const outcome = await executor.execute({ callId: 'c1', toolName: 'fs_read_file', input: { path: 'note.txt' }, sessionId: 's', turnId: 't', metadata: {} });",
      "console.log(outcome.status, outcome.status === 'completed' && outcome.result.result.output.text.trim());",
      "console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('/node_modules/re2js/'))));",
      'await executor.close();',
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--import', './record.mjs', '--input-type=module', '-e', script], {
      cwd: packed.app,
    });
    const loaded = readFileSync(log, 'utf8').split('\n');
    expect({
      stdout: stdout.trim().split('\n'),
      dtoLibraries: ['class-validator', 'class-transformer', 'class-validator-jsonschema'].filter((name) =>
        existsSync(path.join(packed.app, 'node_modules', name)),
      ),
      lazy: loaded.filter((url) => /\/node_modules\/(@modelcontextprotocol|web-tree-sitter|re2js|zod)\//.test(url)),
      core: loaded.some((url) => url.endsWith('/node_modules/agentkit-tools-core/dist/index.js')),
    }).toStrictEqual({ stdout: ['completed a note', '[]'], dtoLibraries: [], lazy: [], core: true });
  }, 60_000);

  it('says what to install when a DTO class input meets a project without class-validator-jsonschema', async () => {
    const script = [
      "const { Tool } = await import('agentkit-tools-core');",
      'class EchoInput {}',
      "try { Tool({ name: 'echo', description: 'Echoes.', input: EchoInput })(class EchoTool { invoke() { return ''; } }); console.log('decorated'); }",
      'catch (error) { console.log(error.name, error.message); }',
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packed.app });
    expect(stdout.trim()).toMatch(
      /^ToolDefinitionError class EchoInput: a DTO class input \(or @JSONSchema\) needs class-validator class-transformer class-validator-jsonschema, and one of them is not installed \(Cannot find module 'class-validator'.*\)\. Install them \(`npm install class-validator class-transformer class-validator-jsonschema`\), or declare the input as a JSON Schema object\.$/,
    );
  }, 60_000);

  it("says what to install when a host uses MCP without the MCP SDK (an optional peer): mcpServers with a server, serveTools, serveStdio, serveHttp, @ResourceTemplate and the bin's serve", async () => {
    // A project of its own: the tarball and the required peers only, as `npm install agentkit-tools-core inversify reflect-metadata` gives.
    const bare = await installTarball(packed.dir, packed.tarball, 'bare', []);
    const script = [
      "import { existsSync } from 'node:fs';",
      "import { Container } from 'inversify';",
      "import { agentkitModule, TOOL_EXECUTOR } from 'agentkit-tools-core';",
      "import { fileSystemTools } from 'agentkit-tools-core/fs';",
      "import { mcpServers, ResourceTemplate, serveHttp, serveStdio, serveTools } from 'agentkit-tools-core/mcp';",
      "console.log(existsSync('node_modules/@modelcontextprotocol/sdk'), mcpServers({ servers: [] }).constructor.name);",
      'const report = (error) => console.log(error.name, error.message);',
      "try { mcpServers({ servers: [{ id: 'docs', transport: { type: 'stdio', command: 'node' } }] }); console.log('configured'); } catch (error) { report(error); }",
      "try { ResourceTemplate({ uriTemplate: 'notes://{name}', name: 'note' })(class Note { read() { return ''; } }); console.log('decorated'); } catch (error) { report(error); }",
      'const container = new Container();',
      'container.load(agentkitModule({ roots: [{ path: process.cwd() }] }), fileSystemTools());',
      'const executor = await container.getAsync(TOOL_EXECUTOR);',
      'const transport = { start: async () => {}, send: async () => {}, close: async () => {} };',
      'await serveTools(executor, transport).then(() => console.log("served"), report);',
      'await serveStdio(executor).then(() => console.log("served"), report);',
      "await serveHttp(executor, { host: '127.0.0.1', port: 0, noAuth: true }).then(() => console.log('served'), report);",
      'await executor.close();',
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: bare });
    const needs = (subject: string): string =>
      `ToolConfigurationError ${subject} needs the \`@modelcontextprotocol/sdk\` package (the MCP SDK, v1), an optional peer dependency: npm install @modelcontextprotocol/sdk.`;
    const bin = await run(path.join(bare, 'node_modules/.bin/agentkit-tools'), ['serve', '--root', bare], {
      cwd: bare,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: unknown) => ({
        code: (error as { code?: unknown }).code,
        stderr: (error as { stderr?: unknown }).stderr,
      }),
    );
    expect({ stdout: stdout.trim().split('\n'), bin }).toStrictEqual({
      stdout: [
        'false ContainerModule',
        needs('mcpServers'),
        needs('@ResourceTemplate'),
        needs('serveTools'),
        needs('serveStdio'),
        needs('serveHttp'),
      ],
      bin: { code: 1, stderr: `agentkit-tools: ${needs('serveStdio').replace('ToolConfigurationError ', '')}\n` },
    });
  }, 180_000);

  // Programs of test/packaging/fixtures/consumer/, compiled with the README's tsconfig against the
  // installed tarball and run: the paths the tests above do not take through the bundle.
  describe('in a consumer project with every optional peer a feature below needs', () => {
    let project: string;

    beforeAll(async () => {
      project = await installTarball(packed.dir, packed.tarball, 'full', [
        MCP_SDK,
        'class-validator',
        'class-transformer',
        'class-validator-jsonschema',
        'quickjs-emscripten-core',
        '@jitl/quickjs-wasmfile-release-sync',
      ]);
      cpSync(path.join(ROOT, 'test/packaging/fixtures/consumer'), path.join(project, 'src'), { recursive: true });
      const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
      const tsconfig = JSON.parse(/needs:\n\n```json\n([\s\S]*?)```/u.exec(readme)?.[1] ?? '{}') as {
        compilerOptions: Record<string, unknown>;
      };
      const compilerOptions = {
        ...tsconfig.compilerOptions,
        strict: true,
        rootDir: 'src',
        outDir: 'out',
        types: ['node'],
        typeRoots: [path.join(ROOT, 'node_modules/@types')],
      };
      writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
      writeFileSync(path.join(project, 'note.txt'), 'a note\n');
      await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], {
        cwd: project,
      });
    }, 240_000);

    const runProgram = async (name: string, args: readonly string[] = []): Promise<string[]> => {
      const { stdout } = await run(process.execPath, [path.join(project, 'out', `${name}.js`), ...args], {
        cwd: project,
      });
      return stdout.trim().split('\n');
    };

    it('runs a DTO class tool whose constructor takes an injected service (decorator metadata from the consumer, class-validator found by the bundle)', async () => {
      expect(await runProgram('dtoTool')).toStrictEqual([
        'completed {"type":"text","text":"HI"}',
        'failed invalid_input',
        '{"type":"object","properties":{"text":{"maxLength":5,"type":"string"}},"required":["text"],"additionalProperties":false}',
      ]);
    }, 60_000);

    it('runs a code mode script (QuickJS and its WASM, optional peers, imported by the bundle at the first script) that calls a built-in', async () => {
      expect(await runProgram('codeMode')).toStrictEqual([
        'completed {"type":"structured","value":{"result":{"text":"a note\\n"},"console":["read"],"consoleCut":0,"toolCalls":1}}',
      ]);
    }, 60_000);

    it("connects the MCP client (the SDK's stdio transport, a lazy chunk) to the packed bin and calls its tool under a policy", async () => {
      const root = path.join(project, 'served');
      mkdirSync(root);
      writeFileSync(path.join(root, 'hello.txt'), 'hello over MCP\n');
      const bin = path.join(project, 'node_modules', manifest.name, manifest.bin['agentkit-tools'] ?? '');
      const tools = ['create_directory', 'delete', 'edit_file', 'glob', 'grep', 'list_directory', 'move', 'read_file'];
      expect(await runProgram('mcpClient', [bin, root])).toStrictEqual([
        [...tools, 'write_file'].map((tool) => `mcp_self_fs_${tool}`).join(' '),
        'completed {"type":"text","text":"     1\\thello over MCP"}',
      ]);
    }, 60_000);

    it("serves over Streamable HTTP (serveHttp's sessions, a lazy chunk) to the SDK's HTTP client", async () => {
      expect(await runProgram('serveOverHttp')).toStrictEqual(['9 [{"type":"text","text":"     1\\ta note"}]']);
    }, 60_000);

    it("serves a module of the project (its own agentkit-tools-core and inversify, not the bin's bundled copies) with the packed bin's --module, over stdio and HTTP", async () => {
      const bin = path.join(project, 'node_modules/.bin/agentkit-tools');
      const args = ['serve', '--root', project, '--module', 'out/servedModule.js'];
      const use = async (client: Client): Promise<unknown> => {
        const defined = await client.callTool({ name: 'glossary_define', arguments: { term: 'mcp' } });
        const unknown = await client.callTool({ name: 'glossary_define', arguments: { term: 'rpc' } });
        return {
          tools: (await client.listTools()).tools.map((tool) => tool.name).filter((name) => !name.startsWith('fs_')),
          defined: defined.content,
          unknown: { isError: unknown.isError, content: unknown.content },
          terms: (await client.readResource({ uri: 'glossary://terms' })).contents,
          term: (await client.readResource({ uri: 'glossary://term/mcp' })).contents,
          templates: (await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate),
          prompt: (await client.getPrompt({ name: 'explain', arguments: { term: 'mcp' } })).messages,
        };
      };
      const expected = {
        tools: ['glossary_define'],
        defined: [{ type: 'text', text: 'Model Context Protocol' }],
        unknown: { isError: true, content: [{ type: 'text', text: '[execution_failed] No term rpc.' }] },
        terms: [{ uri: 'glossary://terms', mimeType: 'text/plain', text: 'mcp' }],
        term: [{ uri: 'glossary://term/mcp', mimeType: 'text/plain', text: 'Model Context Protocol' }],
        templates: ['glossary://term/{term}'],
        prompt: [{ role: 'user', content: { type: 'text', text: 'Explain mcp to a newcomer.' } }],
      };
      // The module's imports resolve to this project's packages, the bin's Inversify is its own.
      const { stdout } = await run(
        process.execPath,
        ['--input-type=module', '-e', "console.log(import.meta.resolve('inversify'))"],
        { cwd: project },
      );
      expect(stdout.trim()).toBe(
        pathToFileURL(realpathSync(path.join(project, 'node_modules/inversify/lib/index.js'))).href,
      );
      const stdio = new Client({ name: 'packed-module-test', version: '1.0.0' });
      await stdio.connect(new StdioClientTransport({ command: bin, args, cwd: project }));
      try {
        expect(await use(stdio)).toStrictEqual(expected);
      } finally {
        await stdio.close();
      }
      const child = spawn(bin, [...args, '--http', '127.0.0.1:0', '--no-auth'], {
        cwd: project,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      let stderr = '';
      try {
        const url = await new Promise<string>((resolve, reject) => {
          child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
            stderr += chunk;
            const match = /listening on (\S+)/u.exec(stderr);
            if (match?.[1] !== undefined) resolve(match[1]);
          });
          child.on('exit', () => {
            reject(new Error(`the bin exited: ${stderr}`));
          });
        });
        const http = new Client({ name: 'packed-module-test', version: '1.0.0' });
        await http.connect(new StreamableHTTPClientTransport(new URL(url)));
        try {
          expect(await use(http)).toStrictEqual(expected);
        } finally {
          await http.close();
        }
      } finally {
        child.kill('SIGTERM');
      }
      expect({
        code: await exited,
        warnings: stderr.split('\n').filter((line) => line.includes('warning')),
      }).toStrictEqual({
        code: 0,
        warnings: [],
      });
    }, 60_000);

    it("throws the main entry's error class from every built-in entry: one copy of the core behind them all", async () => {
      expect(await runProgram('entryIdentity')).toStrictEqual([
        'fs ToolConfigurationError true',
        'shell ToolConfigurationError true',
        'mcp ToolConfigurationError true',
        'code ToolConfigurationError true',
      ]);
    }, 60_000);

    it('maps stack traces back to src/ through the bundles (node --enable-source-maps)', async () => {
      const script =
        "import { fileSystemTools } from 'agentkit-tools-core/fs'; try { fileSystemTools({ nope: 1 }); } catch (error) { console.log(error.stack); }";
      const { stdout } = await run(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], {
        cwd: project,
      });
      expect(stdout).toContain(
        `(${path.join(project, 'node_modules', manifest.name, 'src/fs/config/buildFileSystemConfig.ts')}:`,
      );
    }, 60_000);
  });
});
