import type { ToolEvent } from '../contract/ToolEvent.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { InputRequest } from '../interrupt/InputRequest.js';
import { SchemaCompiler } from '../schema/SchemaCompiler.js';
import type { ElicitationHandler, ExecuteOptions, SamplingHandler } from './ExecuteOptions.js';
import type { ExecutorObserver } from './ExecutorObserver.js';
import type { InputGate } from './InputGate.js';

/** A resumed run's recorded answers: replayed to the call `input` names, in order. */
export interface AnswerReplay {
  readonly input: InputRequest;
  readonly answers: InputRequest['answered'];
}

/**
 * What a call's context reaches of its host: who hears its events (the caller's `onEvent`, the
 * observer's `onEvent`), who answers its questions (`elicitation`, `sampling`) and where an
 * unanswered question is kept (`inputs`). One per executor ({@link CallLink.shared}) for every
 * call made without such options, so a call nobody listens to costs nothing; one per call that
 * brings its own (made once, handed down to its nested calls).
 */
export class CallLink {
  /** Whether anybody hears events: when false, `ctx.progress` and friends return at once. */
  public readonly listens: boolean;
  readonly #owned: boolean;
  #open = true;

  private constructor(
    private readonly onEvent: ((event: ToolEvent) => void) | undefined,
    private readonly observer: ExecutorObserver | undefined,
    public readonly elicitation: ElicitationHandler | undefined,
    public readonly sampling: SamplingHandler | undefined,
    public readonly inputs: InputGate,
    public readonly compiler: SchemaCompiler,
    owned: boolean,
  ) {
    this.listens = onEvent !== undefined || observer !== undefined;
    this.#owned = owned;
  }

  /** The executor's link: its observer (when it has `onEvent`) and its bound handlers. */
  public static shared(
    observer: ExecutorObserver | undefined,
    elicitation: ElicitationHandler | undefined,
    sampling: SamplingHandler | undefined,
    inputs: InputGate,
  ): CallLink {
    const hears = typeof observer?.onEvent === 'function' ? observer : undefined;
    return new CallLink(undefined, hears, elicitation, sampling, inputs, new SchemaCompiler(), false);
  }

  /** Whether `options` bring a listener or a handler of their own (then the call gets {@link forCall}). */
  public static wanted(options: ExecuteOptions): boolean {
    return options.onEvent !== undefined || options.elicitation !== undefined || options.sampling !== undefined;
  }

  /** A root call's own link: its options' listener and handlers over this one's. Closed when that call ends. */
  public forCall(options: ExecuteOptions): CallLink {
    return new CallLink(
      options.onEvent,
      this.observer,
      options.elicitation ?? this.elicitation,
      options.sampling ?? this.sampling,
      this.inputs,
      this.compiler,
      true,
    );
  }

  /** Delivers `event` of `request`'s call to every listener, in order; what they throw is ignored. */
  public emit(request: ToolRequest, event: ToolEvent): void {
    if (!this.#open) return;
    if (this.onEvent !== undefined) {
      try {
        this.onEvent(event);
      } catch {
        // A listener's fault never reaches the tool.
      }
    }
    if (this.observer !== undefined) {
      try {
        this.observer.onEvent?.(request, event);
      } catch {
        // Ignored, like the observer's other hooks.
      }
    }
  }

  /** The call that owns this link ended: nothing more is delivered (its late children included). */
  public close(): void {
    if (this.#owned) this.#open = false;
  }
}
