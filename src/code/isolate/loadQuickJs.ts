import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as QuickJsCore from 'quickjs-emscripten-core';
import type { QuickJSSyncVariant, QuickJSWASMModule } from 'quickjs-emscripten-core';

/** Makes one QuickJS instance whose WebAssembly memory can grow to at most `memoryBytes`. */
export type QuickJsFactory = (memoryBytes: number) => Promise<QuickJSWASMModule>;

/** What a fresh WebAssembly memory starts with: the engine's own initial heap (16 MiB). */
export const INITIAL_MEMORY_BYTES = 16 * 1024 * 1024;
const PAGE_BYTES = 64 * 1024;

/** The two calls of the WebAssembly API used here (Node's types do not declare the global). */
interface WebAssemblyApi {
  compile(bytes: Uint8Array): Promise<unknown>;
  Memory: new (descriptor: { initial: number; maximum: number }) => unknown;
}

const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

let loading: Promise<QuickJsFactory> | undefined;

async function load(): Promise<QuickJsFactory> {
  let core: typeof QuickJsCore;
  let variant: QuickJSSyncVariant;
  let bytes: Buffer;
  try {
    let loaded: { default: QuickJSSyncVariant };
    [core, loaded] = await Promise.all([
      import('quickjs-emscripten-core'),
      import('@jitl/quickjs-wasmfile-release-sync') as Promise<unknown> as Promise<{ default: QuickJSSyncVariant }>,
    ]);
    variant = loaded.default;
    bytes = await readFile(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm'));
  } catch (error) {
    // Runs in the isolate worker, which shares nothing with the library: the host checked the
    // peers at start-up (`assertQuickJsInstalled`), so this is a broken install.
    throw new Error(`QuickJS could not be loaded (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
  const compiled = await wasm.compile(bytes);
  const factory: QuickJsFactory = (memoryBytes) =>
    core.newQuickJSWASMModuleFromVariant(
      core.newVariant(variant, {
        wasmModule: compiled as never,
        // This build has no console of its own: all it could print is an engine abort (QuickJS
        // asserting, when an instance is freed, that a script left nothing alive), which the
        // isolate already handles by dropping that instance whole. A script must not be able to
        // write to the host's stderr.
        emscriptenModule: { print: () => undefined, printErr: () => undefined } as never,
        // A memory of the script's own, bounded: QuickJS's own accounting does not limit this
        // build (it cannot measure its allocations), the WebAssembly memory's maximum does.
        wasmMemory: new wasm.Memory({
          initial: INITIAL_MEMORY_BYTES / PAGE_BYTES,
          maximum: Math.floor(memoryBytes / PAGE_BYTES),
        }) as never,
      }),
    );
  // V8 compiles the hot parts of QuickJS again, optimized, after their first runs: run one
  // throwaway script soon after start-up, so that the first script a model sends does not pay it.
  setImmediate(() => void warmUp(factory));
  return factory;
}

/** Runs a short script in a throwaway instance (see `load`); a failure here is the next script's to report. */
async function warmUp(factory: QuickJsFactory): Promise<void> {
  try {
    const module = await factory(2 * INITIAL_MEMORY_BYTES);
    const runtime = module.newRuntime();
    const context = runtime.newContext();
    const result = context.evalCode(
      'let text = ""; for (let i = 0; i < 2000; i++) text = JSON.stringify({ i, text: text.slice(0, 50) }); text',
    );
    result.dispose();
    context.dispose();
    runtime.dispose();
  } catch {
    // Nothing to do: this only saves time.
  }
}

/**
 * Compiles QuickJS's WebAssembly once per process (the isolate's cold start) and answers a
 * factory of instances: every script runs in an instance of its own, with a memory of its own
 * (freed with it, and an engine that failed takes no other script with it).
 */
export function loadQuickJs(): Promise<QuickJsFactory> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
