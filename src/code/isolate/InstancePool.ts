import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { INITIAL_MEMORY_BYTES, loadQuickJs } from './loadQuickJs.js';

/** How many idle instances are kept, all sessions together. */
const MAX_IDLE = 4;

interface IdleInstance {
  readonly key: string;
  readonly module: QuickJSWASMModule;
}

function memoryOf(module: QuickJSWASMModule): number {
  return (module.getWasmMemory() as unknown as { buffer: ArrayBuffer }).buffer.byteLength;
}

/**
 * QuickJS instances kept between scripts. A new instance costs a WebAssembly instantiation
 * and a 16 MiB memory the garbage collector counts (a full collection every few scripts), so
 * an instance whose script ended cleanly is kept for the next script of the SAME session and
 * memory limit, and only if its memory never grew past its first 16 MiB: freed memory is reused
 * by the allocator, never shown to a script, but scripts of two sessions never share an
 * instance all the same. At most four are kept, the oldest dropped first; an instance whose
 * engine failed is never kept.
 */
export class InstancePool {
  readonly #idle: IdleInstance[] = [];

  /** An instance for a script of `session` with a memory of at most `memoryBytes`. */
  public async acquire(session: string, memoryBytes: number): Promise<QuickJSWASMModule> {
    const key = `${String(memoryBytes)}\n${session}`;
    const index = this.#idle.findIndex((entry) => entry.key === key);
    if (index >= 0) return (this.#idle.splice(index, 1)[0] as IdleInstance).module;
    const factory = await loadQuickJs();
    return factory(memoryBytes);
  }

  /** Gives back an instance whose runtimes were all disposed cleanly (see the class). */
  public release(session: string, memoryBytes: number, module: QuickJSWASMModule): void {
    if (memoryOf(module) > INITIAL_MEMORY_BYTES) return;
    this.#idle.push({ key: `${String(memoryBytes)}\n${session}`, module });
    if (this.#idle.length > MAX_IDLE) this.#idle.shift();
  }
}

/** The process's one pool. */
export const INSTANCE_POOL = new InstancePool();
