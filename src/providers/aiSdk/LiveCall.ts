import type { JsonValue, ToolEvent, ToolExecutionOutcome, ToolExecutor, ToolRequest } from '../../index.js';
import { DEFAULT_MAX_CHARS } from '../../internal/index.js';

/** A streamed chunk as text: `shell_exec`'s `{ stream, text }` by its text, a string as it is, anything else as JSON. */
function chunkText(chunk: JsonValue): string {
  if (typeof chunk === 'string') return chunk;
  if (typeof chunk === 'object' && chunk !== null && !Array.isArray(chunk)) {
    const text = (chunk as { readonly text?: unknown }).text;
    if (typeof text === 'string') return text;
  }
  return JSON.stringify(chunk);
}

/**
 * A call of a streaming tool (`supportsStreamingHint`) started by the AI SDK bridge: its output
 * events gathered as text (bounded to the rendering's default length), readable as the
 * preliminary results of the SDK's async-iterable `execute`, then its outcome.
 */
export class LiveCall {
  public readonly outcome: Promise<ToolExecutionOutcome>;
  /** Resolves at the first output event (the body runs: no approval is pending) or the outcome. */
  public readonly started: Promise<'streaming' | 'done'>;
  #text = '';
  #version = 0;
  #done = false;
  #wake: (() => void) | undefined;
  #markStarted: ((how: 'streaming' | 'done') => void) | undefined;

  public constructor(executor: ToolExecutor, request: ToolRequest, signal: AbortSignal | undefined) {
    this.started = new Promise((resolve) => {
      this.#markStarted = resolve;
    });
    const onEvent = (event: ToolEvent): void => {
      if (event.type !== 'output' || this.#text.length >= DEFAULT_MAX_CHARS) return;
      this.#text = (this.#text + chunkText(event.chunk)).slice(0, DEFAULT_MAX_CHARS);
      this.#version += 1;
      this.#markStarted?.('streaming');
      this.#wake?.();
    };
    this.outcome = executor
      .execute(request, signal === undefined ? { onEvent } : { onEvent, signal })
      .then((outcome) => {
        this.#done = true;
        this.#markStarted?.('done');
        this.#wake?.();
        return outcome;
      });
  }

  /** The output so far, each time it grew, until the call ended. */
  public async *texts(): AsyncGenerator<string> {
    let seen = 0;
    for (;;) {
      if (this.#version !== seen) {
        seen = this.#version;
        yield this.#text;
        continue;
      }
      if (this.#done) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
    }
  }
}
