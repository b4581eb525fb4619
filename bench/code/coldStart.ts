// One cold-start sample, in a fresh process (`measureColdStart.ts` spawns it):
// `node --import @swc-node/register/esm-register bench/code/coldStart.ts`. Each phase is
// loaded and timed in turn, then one line of JSON (a `ColdStartSample`) goes to stdout.
// Imports are dynamic so each is timed where it happens; the swc loader transpiles this
// repository's TypeScript on the way (a host loading dist/ pays less for the module phase).
const atStart = performance.now();

/** One fresh process's phases, in ms (`sinceOriginMs` from the process's start). */
export interface ColdStartSample {
  /** From the process's start to this script's first line: Node, the swc loader, this file. */
  readonly processMs: number;
  /** `import` of agentkit's entries (core + code) and the bench's tools. */
  readonly agentkitImportMs: number;
  /** `import` of quickjs-emscripten-core and the release-sync variant (JavaScript only). */
  readonly quickjsImportMs: number;
  /** `loadQuickJs()`: reading the .wasm file and `WebAssembly.compile`. */
  readonly compileMs: number;
  /** Container, discovery, the catalog (code_run's declarations): `getAsync(TOOL_EXECUTOR)`. */
  readonly executorMs: number;
  /** The first `code_run` of `return 1` in the process (first instance, first run of every path). */
  readonly firstRunMs: number;
  /** The second one, right after. */
  readonly secondRunMs: number;
  /** The median of the next 9: warm in this process. */
  readonly warmRunMs: number;
  /** The first call's `memoryBytes` (its instance's WebAssembly memory at the end). */
  readonly memoryBytes: number;
  /** From the process's start to the first `code_run`'s answer. */
  readonly toFirstAnswerMs: number;
}

async function timed<T>(step: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await step();
  return [value, performance.now() - started];
}

const [{ createCodeExecutor }, agentkitImportMs] = await timed(() => import('./createCodeExecutor.js'));
const [, quickjsImportMs] = await timed(() =>
  Promise.all([import('quickjs-emscripten-core'), import('@jitl/quickjs-wasmfile-release-sync')]),
);
const { loadQuickJs } = await import('../../src/code/isolate/loadQuickJs.js');
const [, compileMs] = await timed(() => loadQuickJs());
const [{ executor }, executorMs] = await timed(() => createCodeExecutor());
const { EMPTY_SCRIPT, runCode } = await import('./codeSubjects.js');
const run = async (): Promise<[number, number]> => {
  const [outcome, ms] = await timed(() => runCode(executor, EMPTY_SCRIPT));
  if (outcome.status !== 'completed') throw new Error(`code_run ended ${JSON.stringify(outcome)}`);
  return [Number(outcome.result.metadata['memoryBytes']), ms];
};
const [memoryBytes, firstRunMs] = await run();
const toFirstAnswerMs = performance.now();
const [, secondRunMs] = await run();
const warm: number[] = [];
for (let i = 0; i < 9; i++) warm.push((await run())[1]);
warm.sort((a, b) => a - b);
await executor.close();
const sample: ColdStartSample = {
  processMs: atStart,
  agentkitImportMs,
  quickjsImportMs,
  compileMs,
  executorMs,
  firstRunMs,
  secondRunMs,
  warmRunMs: warm[4] ?? Number.NaN,
  memoryBytes,
  toFirstAnswerMs,
};
process.stdout.write(`${JSON.stringify(sample)}\n`);
