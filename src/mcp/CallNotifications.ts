import type { RequestId, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { JsonValue } from '../index.js';
import { headOfText } from '../internal/index.js';

/**
 * The logger of the `notifications/message` that carry a served call's partial output
 * (`ctx.output`; `shell_exec`'s stdout and stderr as they come). MCP has no partial result, so
 * output goes out as a log message at level `info` (so `logging/setLevel` above `info` stops it),
 * at most one every 100 ms per call, the chunks in between joined. Its `data` is
 * `{ tool, requestId, chunks, note? }`: the tool's name, the JSON-RPC id of the `tools/call`
 * request, the chunks as the tool emitted them (consecutive text of one stream joined), and a
 * `note` when some output was not streamed (more than 64 Ki characters within one interval, or
 * past 1 Mi characters for the call). Sent on the call's own stream, before its result; the
 * result still carries the output (bounded by the tool, as `shell_exec`'s head and tail).
 */
export const OUTPUT_LOGGER = 'agentkit-tools/output';

/** The bounds of the output a served call streams to its client. */
export const SERVED_OUTPUT_LIMITS = {
  /** At most one output notification per call in this many ms: the chunks in between are joined. */
  intervalMs: 100,
  /** The characters held back between two notifications; past it, chunks are dropped (and counted). */
  maxHeldChars: 64 * 1024,
  /** The characters one call sends in all; past it, one note says so and nothing more is sent. */
  maxCallChars: 1024 * 1024,
  /**
   * The JSON characters of the progress and log notifications one call sends in all; past it, one
   * warning says so and none of them is sent any more (a tool logging in a loop cannot flood the
   * client or grow the server's buffers).
   */
  maxCallMessageChars: 4 * 1024 * 1024,
} as const;

/** A chunk's text when it is text (a string, or `{ stream, text }` as `shell_exec` emits), else undefined. */
function textOf(chunk: JsonValue): string | undefined {
  if (typeof chunk === 'string') return chunk;
  if (typeof chunk !== 'object' || chunk === null || Array.isArray(chunk)) return undefined;
  const keys = Object.keys(chunk);
  const { stream, text } = chunk as { stream?: unknown; text?: unknown };
  return keys.length === 2 && typeof stream === 'string' && typeof text === 'string' ? text : undefined;
}

function withText(chunk: JsonValue, text: string): JsonValue {
  return typeof chunk === 'string' ? text : { ...(chunk as Record<string, JsonValue>), text };
}

/** What a chunk costs against the bounds: its text's length, or its JSON's. */
function sizeOf(chunk: JsonValue): number {
  return textOf(chunk)?.length ?? JSON.stringify(chunk).length;
}

/**
 * The notifications of one served `tools/call`, in the order its events came: progress and logs
 * as they come, output coalesced and bounded ({@link SERVED_OUTPUT_LIMITS}) so that a tool
 * writing a flood neither grows memory nor swamps the client. {@link drain} sends what is held
 * back and waits for what was sent: the call's result goes out after it.
 */
export class CallNotifications {
  #held: JsonValue[] = [];
  #heldChars = 0;
  /** Characters of output dropped since the last output notification (the client read too slowly). */
  #dropped = 0;
  #sentChars = 0;
  /** The call reached its output cap: nothing more is sent. */
  #capped = false;
  /** The JSON characters of the progress and log notifications sent so far. */
  #messageChars = 0;
  /** The call reached its progress and log cap: none is sent any more. */
  #silenced = false;
  #lastSentAt = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;
  /** The output notification in flight: the next one waits for it (the transport's backpressure). */
  #inFlight: Promise<void> | undefined;
  readonly #unsettled = new Set<Promise<void>>();

  public constructor(
    private readonly notify: (notification: ServerNotification) => Promise<void>,
    private readonly tool: string,
    private readonly requestId: RequestId,
  ) {}

  /**
   * Sends `notification` (a progress or log notification) now, after the output held back (so the
   * client sees them in order), unless the call already sent `maxCallMessageChars` of them.
   */
  public send(notification: ServerNotification): void {
    if (this.#silenced) return;
    const size = JSON.stringify(notification.params).length;
    if (this.#messageChars + size > SERVED_OUTPUT_LIMITS.maxCallMessageChars) {
      this.#silenced = true;
      notification = {
        method: 'notifications/message',
        params: {
          // The level of the log that went past the cap (which the session's level let through).
          level: notification.method === 'notifications/message' ? notification.params.level : 'warning',
          logger: OUTPUT_LOGGER,
          data: {
            tool: this.tool,
            requestId: this.requestId,
            note: `This call sent ${SERVED_OUTPUT_LIMITS.maxCallMessageChars} characters of progress and log messages; the rest of them are not sent.`,
          },
        },
      };
    }
    this.#messageChars += size;
    if (this.#held.length > 0 || this.#dropped > 0) this.#flush();
    void this.#track(notification);
  }

  /** Takes a chunk of the call's output: sent at once, or joined to the next notification. */
  public output(chunk: JsonValue): void {
    if (this.#capped) return;
    let size = sizeOf(chunk);
    let taken: JsonValue | undefined = chunk;
    const room = SERVED_OUTPUT_LIMITS.maxHeldChars - this.#heldChars;
    if (size > room) {
      const text = textOf(chunk);
      // A text too long for the room left is cut to it; anything else waits for room or is dropped.
      taken = text !== undefined && room > 0 ? withText(chunk, headOfText(text, room)) : undefined;
      const kept = taken === undefined ? 0 : sizeOf(taken);
      this.#dropped += size - kept;
      size = kept;
    }
    if (taken !== undefined && size > 0) this.#hold(taken, size);
    this.#schedule();
  }

  /** Sends what is held back now, then waits until every notification of the call was handed to the transport. */
  public async drain(): Promise<void> {
    if (this.#held.length > 0 || this.#dropped > 0) this.#flush();
    await Promise.allSettled([...this.#unsettled]);
  }

  #hold(chunk: JsonValue, size: number): void {
    const last = this.#held.at(-1);
    const lastText = last === undefined ? undefined : textOf(last);
    const text = textOf(chunk);
    const sameKind =
      typeof last === 'string'
        ? typeof chunk === 'string'
        : (last as { stream?: unknown } | undefined)?.stream === (chunk as { stream?: unknown }).stream;
    if (lastText !== undefined && text !== undefined && sameKind && last !== undefined)
      this.#held[this.#held.length - 1] = withText(last, lastText + text);
    else this.#held.push(chunk);
    this.#heldChars += size;
  }

  /** Flushes when the interval since the last output notification has passed and none is in flight. */
  #schedule(): void {
    if (this.#timer !== undefined || this.#inFlight !== undefined) return;
    if (this.#held.length === 0 && this.#dropped === 0) return;
    const wait = this.#lastSentAt + SERVED_OUTPUT_LIMITS.intervalMs - Date.now();
    if (wait <= 0) this.#flush();
    else
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#flush();
      }, wait);
  }

  /** One output notification with everything held back, within the call's cap. */
  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const notes: string[] = [];
    if (this.#dropped > 0)
      notes.push(
        `${this.#dropped} characters of output were not streamed here (more came than the stream carries); the call's result keeps its output.`,
      );
    let chunks = this.#held;
    let chars = this.#heldChars;
    const room = SERVED_OUTPUT_LIMITS.maxCallChars - this.#sentChars;
    if (chars > room) {
      chunks = [];
      chars = 0;
      for (const chunk of this.#held) {
        const size = sizeOf(chunk);
        const text = textOf(chunk);
        if (chars + size <= room) chunks.push(chunk);
        else if (text !== undefined && room - chars > 0) chunks.push(withText(chunk, headOfText(text, room - chars)));
        else break;
        chars += Math.min(size, room - chars);
      }
      this.#capped = true;
      notes.push(
        `The output past ${SERVED_OUTPUT_LIMITS.maxCallChars} characters is not streamed; the call's result keeps its output.`,
      );
    }
    this.#held = [];
    this.#heldChars = 0;
    this.#dropped = 0;
    this.#sentChars += chars;
    this.#lastSentAt = Date.now();
    const sent = this.#track({
      method: 'notifications/message',
      params: {
        level: 'info',
        logger: OUTPUT_LOGGER,
        data: {
          tool: this.tool,
          requestId: this.requestId,
          chunks,
          ...(notes.length === 0 ? {} : { note: notes.join(' ') }),
        },
      },
    });
    this.#inFlight = sent;
    void sent.then(() => {
      if (this.#inFlight === sent) this.#inFlight = undefined;
      this.#schedule();
    });
  }

  /** Hands `notification` to the transport; a failure (the client gone) is dropped. */
  #track(notification: ServerNotification): Promise<void> {
    const sent = this.notify(notification).catch(() => undefined);
    this.#unsettled.add(sent);
    void sent.then(() => this.#unsettled.delete(sent));
    return sent;
  }
}
