import { CODE_RUN_DEFAULTS } from '../../src/code/index.js';
import { Isolate } from '../../src/code/isolate/Isolate.js';
import { loadQuickJs } from '../../src/code/isolate/loadQuickJs.js';
import { runScript } from '../../src/code/run/runScript.js';
import type { CodeSubject } from './codeSubjects.js';
import { EMPTY_SCRIPT } from './codeSubjects.js';

const LIMITS = { memoryBytes: CODE_RUN_DEFAULTS.memoryBytes, stackBytes: CODE_RUN_DEFAULTS.stackBytes } as const;
const NEVER = new AbortController().signal;

function isolateOptions(): Parameters<typeof Isolate.open>[0] {
  return {
    ...LIMITS,
    session: 'bench',
    deadline: performance.now() + 60_000,
    toolNames: [],
    seed: 1,
    now: 0,
    onCall: () => undefined,
    onConsole: () => undefined,
    describe: () => '',
  };
}

/** The three layers under a warm `code_run` of `return 1`, each measured alone (figure 2's breakdown). */
export interface IsolateSubjects {
  /** `factory(64 MiB)`: a WebAssembly instance of the compiled module, with a memory of its own. */
  readonly instance: CodeSubject;
  /** `Isolate.open` + `dispose` on this thread: a pooled instance plus QuickJS's runtime and context. */
  readonly isolate: CodeSubject;
  /** `runScript` of `return 1`: a pooled worker, the isolate in it, the bridge, the script run, no executor. */
  readonly script: CodeSubject;
}

/** The isolate's layers, on QuickJS already compiled in this process. */
export async function createIsolateSubjects(): Promise<IsolateSubjects> {
  const factory = await loadQuickJs();
  const script = (): ReturnType<typeof runScript> =>
    runScript({
      ...LIMITS,
      code: EMPTY_SCRIPT,
      callId: 'bench',
      session: 'bench',
      toolNames: [],
      runChild: () => Promise.reject(new Error('no tool is callable here')),
      signal: NEVER,
      deadline: performance.now() + 60_000,
      maxToolCalls: 1,
      now: 0,
      seed: 1,
      onConsole: () => undefined,
      maxConsoleChars: CODE_RUN_DEFAULTS.maxConsoleChars,
      onConsoleDropped: () => undefined,
      declarations: {},
      missingDeclaration: '',
    });
  return {
    instance: {
      name: 'QuickJS instance: factory(64 MiB) (WebAssembly instance + memory)',
      call: () => factory(LIMITS.memoryBytes),
      verify: async () => {
        const module = await factory(LIMITS.memoryBytes);
        if (module.evalCode('1 + 1') !== 2) throw new Error('the instance does not evaluate');
      },
    },
    isolate: {
      name: 'Isolate.open + dispose on this thread (pooled instance + runtime + context)',
      call: async () => {
        (await Isolate.open(isolateOptions())).dispose();
      },
      verify: async () => {
        const isolate = await Isolate.open(isolateOptions());
        isolate.dispose();
      },
    },
    script: {
      name: 'runScript(return 1), no executor (pooled worker + isolate + bridge + run)',
      call: script,
      verify: async () => {
        const end = await script();
        if (end.type !== 'ended' || end.end.type !== 'returned' || end.end.json !== '1') {
          throw new Error(`runScript answered ${JSON.stringify(end)}`);
        }
      },
    },
  };
}
