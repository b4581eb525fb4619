import { describe, expect, it } from '@jest/globals';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
/** Inside the repository, so the examples resolve node_modules and the `agentkit-tools-core` paths of tsconfig.json. */
const OUT = join(ROOT, '.cache', 'api-examples');

/** The names a newcomer meets first: each carries an `@example` (issue 17 item 5). */
const FIRST_NAMES = [
  'Tool',
  'Preflight',
  'agentkitModule',
  'TOOL_EXECUTOR',
  'execute',
  'PolicyPermissionChecker',
  'PermissionDecision',
  'ToolError',
  'ApprovalRequest',
  'BasePermissionRequest',
  'ToolRegistry',
  'createResourceKey',
  'fileSystemTools',
  'shellTools',
  'createToolRequest',
];

interface Example {
  /** `src/...ts:line`, for messages. */
  readonly where: string;
  /** The name declared after the comment that holds the example. */
  readonly name: string;
  readonly code: string;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every ```ts block after an `@example` tag in a doc comment of `text`, with the name the comment documents. */
function extractExamples(text: string, file: string): Example[] {
  const examples: Example[] = [];
  for (const comment of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const body = (comment[1] ?? '').replace(/^[ \t]*\* ?/gm, '');
    const tag = body.indexOf('@example');
    if (tag === -1) continue;
    const after = text.slice(comment.index + comment[0].length);
    const name =
      /^\s*(?:export\s+)?(?:(?:public|static|abstract|declare|async|readonly)\s+)*(?:function|class|interface|type|const|let)?\s*([\w$]+)/.exec(
        after,
      )?.[1] ?? '';
    const line = text.slice(0, comment.index).split('\n').length;
    for (const block of body.slice(tag).matchAll(/```ts\n([\s\S]*?)```/g)) {
      examples.push({ where: `${relative(ROOT, file)}:${String(line)}`, name, code: block[1] ?? '' });
    }
  }
  return examples;
}

/** Type-checks each example as a module of its own, against the sources; the diagnostics of each, by file. */
function typeCheck(examples: readonly Example[]): Map<string, string[]> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const files = examples.map((example, index) => {
    const file = join(OUT, `example${String(index)}.ts`);
    writeFileSync(file, `// ${example.where} (${example.name})\n${example.code}\nexport {};\n`);
    return file;
  });
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true, noUnusedLocals: false });
  const problems = new Map<string, string[]>();
  for (const [index, file] of files.entries()) {
    const source = program.getSourceFile(file);
    const diagnostics =
      source === undefined
        ? []
        : [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    const example = examples[index];
    if (diagnostics.length > 0 && example !== undefined) {
      problems.set(
        example.where,
        diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
      );
    }
  }
  return problems;
}

const examples = listFiles(SRC).flatMap((file) => extractExamples(readFileSync(file, 'utf8'), file));

describe('API examples', () => {
  it('puts an @example on each name a newcomer meets first', () => {
    const documented = new Set(examples.map((example) => example.name));
    expect(FIRST_NAMES.filter((name) => !documented.has(name))).toStrictEqual([]);
  });

  it('compiles every @example of src/ against the sources (and finds a broken one)', () => {
    const broken: Example = {
      where: 'broken example',
      name: 'broken',
      code: "import { ToolError } from 'agentkit-tools-core';\nnew ToolError('no_such_code', 'x');\n",
    };
    const problems = typeCheck([...examples, broken]);
    expect(problems.get('broken example')?.length).toBeGreaterThan(0);
    problems.delete('broken example');
    expect(examples.length).toBeGreaterThanOrEqual(FIRST_NAMES.length);
    expect(Object.fromEntries(problems)).toStrictEqual({});
  });

  it('reads the examples and the names they document out of doc comments', () => {
    const text = [
      '/**',
      ' * Says hi.',
      ' *',
      ' * @example',
      ' * ```ts',
      " * greet('you');",
      ' * ```',
      ' */',
      'export function greet(name: string): string {',
    ].join('\n');
    expect(extractExamples(text, join(SRC, 'greet.ts'))).toStrictEqual([
      { where: 'src/greet.ts:1', name: 'greet', code: "greet('you');\n" },
    ]);
  });
});
