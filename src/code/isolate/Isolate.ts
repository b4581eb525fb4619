import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import type { IsolateOptions } from './IsolateOptions.js';
import { INSTANCE_POOL } from './InstancePool.js';
import { PRELUDE } from './PRELUDE.js';
import type { ScriptEnd, ThrownError } from './ScriptEnd.js';

/**
 * The most characters of a thrown error's name, message or stack (or of why a result is not
 * JSON) kept for the host: a script's `throw new Error(hugeString)` must not become a huge
 * error message.
 */
const MAX_DESCRIBED_CHARS = 4000;

function clip(text: string): string {
  return text.length <= MAX_DESCRIBED_CHARS
    ? text
    : `${text.slice(0, MAX_DESCRIBED_CHARS)}… [${text.length - MAX_DESCRIBED_CHARS} more characters cut]`;
}

/** A console line the prelude sent as JSON text (read defensively: the isolate wrote it). */
function readLine(json: string): string {
  try {
    const line = JSON.parse(json) as unknown;
    return typeof line === 'string' ? line : json;
  } catch {
    return json;
  }
}

function describe(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/** The thrown error a tagged `e` answer describes, read defensively (the isolate wrote it). */
function readThrown(text: string): ThrownError {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const field = (key: string): string | undefined => (typeof value[key] === 'string' ? clip(value[key]) : undefined);
    const code = field('code');
    const tool = field('tool');
    const engineStack = field('stack');
    const stack = engineStack === undefined ? undefined : toScriptStack(engineStack);
    return {
      name: field('name') ?? 'Error',
      message: field('message') ?? '',
      ...(stack === undefined ? {} : { stack }),
      ...(code === undefined ? {} : { code }),
      ...(tool === undefined ? {} : { tool }),
    };
  } catch {
    return { name: 'Error', message: 'the script threw a value that could not be described' };
  }
}

/**
 * One script in a QuickJS instance of its own: the bridge's host side. The script's calls are
 * heard with `onCall` and answered later with {@link settle}, one at a time, from the host's
 * event loop (never from inside the engine). Nothing but strings crosses: the script sees no
 * host object. Every entry into the engine is guarded: a host-side failure (the engine
 * aborting, the host's stack running out) ends the run `engine_failed`, and that instance is
 * dropped whole instead of disposed.
 */
export class Isolate {
  readonly #pending = new Map<number, QuickJSDeferredPromise>();
  #end: ScriptEnd | undefined;
  #calls = 0;
  #stopped = false;
  /** The interrupt handler stopped the engine at least once (its time was up, or its host stopped it). */
  #interrupted = false;
  #broken = false;
  #inside = false;
  #disposed = false;

  private constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly context: QuickJSContext,
    private readonly options: IsolateOptions,
    private readonly module: QuickJSWASMModule,
  ) {}

  /** A runtime for one script, in a pooled instance of its session (compiling QuickJS first, once per process). */
  public static async open(options: IsolateOptions): Promise<Isolate> {
    const module = await INSTANCE_POOL.acquire(options.session, options.memoryBytes);
    const runtime = module.newRuntime();
    runtime.setMaxStackSize(options.stackBytes);
    const context = runtime.newContext();
    const isolate = new Isolate(runtime, context, options, module);
    runtime.setInterruptHandler(() => {
      const stop = isolate.#shouldStop();
      if (stop) isolate.#interrupted = true;
      return stop;
    });
    return isolate;
  }

  /** How the script ended, once it has. */
  public get end(): ScriptEnd | undefined {
    return this.#end;
  }

  /** How many tool calls the script made so far. */
  public get calls(): number {
    return this.#calls;
  }

  /** The size of the instance's WebAssembly memory now, in bytes. */
  public get memoryBytes(): number {
    return (this.module.getWasmMemory() as unknown as { buffer: ArrayBuffer }).buffer.byteLength;
  }

  /** Whether the engine failed on the host's side (or left something alive at its end): the instance was dropped whole. */
  public get broken(): boolean {
    return this.#broken;
  }

  /** Compiles the script and runs it until it awaits (or ends). */
  public start(code: string): void {
    const { context: vm, options } = this;
    this.#enter(() => {
      const factory = vm.evalCode(PRELUDE, 'prelude.js');
      if (factory.error !== undefined) {
        this.#endWith({ type: 'engine_failed', message: `the bridge did not compile: ${this.#read(factory.error)}` });
        factory.error.dispose();
        return;
      }
      const args: QuickJSHandle[] = [
        vm.newFunction('call', (name, input) => this.#call(name, input)),
        vm.newFunction('print', (level, text) => {
          if (vm.typeof(level) === 'string' && vm.typeof(text) === 'string') {
            options.onConsole(vm.getString(level), readLine(vm.getString(text)));
          }
        }),
        vm.newFunction('describe', (name) =>
          vm.newString(options.describe(vm.typeof(name) === 'string' ? vm.getString(name) : '')),
        ),
        vm.newFunction('done', (answer) => {
          if (vm.typeof(answer) === 'string') this.#finish(vm.getString(answer));
        }),
        vm.newString(JSON.stringify(options.toolNames)),
        vm.newNumber(options.seed),
        vm.newNumber(options.now),
        vm.newString(code),
      ];
      const started = vm.callFunction(factory.value, vm.undefined, ...args);
      for (const handle of args) handle.dispose();
      factory.value.dispose();
      if (started.error !== undefined) {
        const thrown = vm.dump(started.error) as unknown;
        started.error.dispose();
        this.#endFromThrow(thrown, true);
        return;
      }
      const ran = vm.callFunction(started.value, vm.undefined);
      started.value.dispose();
      if (ran.error !== undefined) {
        const thrown = vm.dump(ran.error) as unknown;
        ran.error.dispose();
        this.#endFromThrow(thrown, false);
        return;
      }
      ran.value.dispose();
    });
    this.#drain();
  }

  /** Answers the `index`-th call with the envelope's JSON text, then runs the script until it awaits again. */
  public settle(index: number, envelope: string): void {
    if (this.#inside) throw new Error('Isolate.settle was called from inside the engine.');
    const deferred = this.#pending.get(index);
    if (deferred === undefined || this.#end !== undefined) return;
    this.#pending.delete(index);
    this.#enter(() => {
      const text = this.context.newString(envelope);
      deferred.resolve(text);
      text.dispose();
      if (deferred.alive) deferred.dispose();
    });
    this.#drain();
  }

  /** Stops the script at its next instruction (its host gave up on it). */
  public stop(): void {
    this.#stopped = true;
  }

  /**
   * Frees the script's runtime (once) and gives its instance back to the pool. An instance whose
   * engine failed, or that found something still alive, is left to the garbage collector whole.
   */
  public dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#broken) return;
    try {
      for (const deferred of this.#pending.values()) if (deferred.alive) deferred.dispose();
      this.#pending.clear();
      this.context.dispose();
      this.runtime.dispose();
      INSTANCE_POOL.release(this.options.session, this.options.memoryBytes, this.module);
    } catch {
      // QuickJS asserts when it finds something still alive: the instance is dropped whole instead.
      this.#broken = true;
    }
  }

  #shouldStop(): boolean {
    return this.#stopped || performance.now() > this.options.deadline;
  }

  #call(name: QuickJSHandle, input: QuickJSHandle): QuickJSHandle {
    const vm = this.context;
    const index = this.#calls++;
    const deferred = vm.newPromise();
    this.#pending.set(index, deferred);
    const toolName = vm.typeof(name) === 'string' ? vm.getString(name) : '';
    const inputJson = vm.typeof(input) === 'string' ? vm.getString(input) : 'null';
    this.options.onCall(index, toolName, inputJson);
    return deferred.handle;
  }

  #finish(answer: string): void {
    if (this.#end !== undefined) return;
    const tag = answer.charAt(0);
    const rest = answer.slice(1);
    if (tag === 'r') this.#endWith({ type: 'returned', json: rest });
    else if (tag === 'j') this.#endWith({ type: 'not_json', message: clip(rest) });
    else this.#endFrom(readThrown(rest));
  }

  /**
   * An interrupt inside the async body does not throw out of the engine: it rejects the body's
   * promise, and the rejection reaches `done` like any throw. Only when the handler did
   * interrupt is it the run's interruption (a script's own `new InternalError('interrupted')` is its throw).
   */
  #endFrom(error: ThrownError): void {
    if (this.#interrupted && error.name === 'InternalError' && error.message === 'interrupted') {
      this.#endWith({ type: 'interrupted' });
    } else {
      this.#endWith({ type: 'threw', error });
    }
  }

  /** What a throw out of the bridge's set-up (`compiling`: the script did not compile) or its start means. */
  #endFromThrow(thrown: unknown, compiling: boolean): void {
    const error = (typeof thrown === 'object' && thrown !== null ? thrown : {}) as Partial<ThrownError>;
    if (error.name === 'InternalError' && error.message === 'interrupted') {
      this.#endWith({ type: 'interrupted' });
    } else if (compiling && error.name === 'SyntaxError') {
      this.#endWith({ type: 'syntax_error', message: `${error.message ?? ''}${describeWhere(error.stack)}` });
    } else {
      this.#endWith({
        type: 'threw',
        error: { name: error.name ?? 'Error', message: error.message ?? '' },
      });
    }
  }

  #endWith(end: ScriptEnd): void {
    this.#end ??= end;
  }

  /** Runs the engine's pending jobs (the script's continuations). */
  #drain(): void {
    if (this.#end !== undefined && this.#pending.size === 0) return;
    this.#enter(() => {
      const result = this.runtime.executePendingJobs();
      if (result.error !== undefined) {
        const thrown = this.context.dump(result.error) as unknown;
        result.error.dispose();
        this.#endFromThrow(thrown, false);
      }
    });
  }

  #read(handle: QuickJSHandle): string {
    try {
      return JSON.stringify(this.context.dump(handle));
    } catch {
      return 'an error that could not be read';
    }
  }

  /** Runs `step` in the engine; a failure on the host's side breaks the instance for good. */
  #enter(step: () => void): void {
    if (this.#broken) return;
    this.#inside = true;
    try {
      step();
    } catch (thrown) {
      this.#broken = true;
      this.#endWith({ type: 'engine_failed', message: describe(thrown) });
    } finally {
      this.#inside = false;
    }
  }
}

/**
 * The lines the engine's `AsyncFunction` constructor puts before the script's body
 * (`(async function anonymous(` and `) {`): a position the engine reports is this many lines
 * past the script's own.
 */
const HEADER_LINES = 2;

/** The script's own line of an engine position's line (the header's lines count as the first). */
function toScriptLine(line: string): string {
  return String(Math.max(1, Number(line) - HEADER_LINES));
}

/** A QuickJS stack whose `<input>:line` positions are the script's own lines. */
function toScriptStack(stack: string): string {
  return stack.replace(/<input>:(\d+)/g, (_, line: string) => `<input>:${toScriptLine(line)}`);
}

/** ` (line N)` from a QuickJS stack of a compile error in the script, when it says. */
function describeWhere(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  const match = /<input>:(\d+)(?::(\d+))?/.exec(stack);
  if (match === null) return '';
  return ` (line ${toScriptLine(match[1] ?? '1')}${match[2] === undefined ? '' : `, column ${match[2]}`})`;
}
