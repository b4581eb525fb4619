import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** One stored SSE event. */
interface StoredEvent {
  readonly id: EventId;
  readonly seq: number;
  readonly stream: StoredStream;
  readonly message: JSONRPCMessage;
  /** Its JSON length: what it costs against the byte bound. */
  readonly size: number;
  /** False once evicted or its session dropped (it may still sit in the eviction queue). */
  kept: boolean;
}

/** The events kept of one SSE stream of one session, oldest first. */
interface StoredStream {
  readonly streamId: StreamId;
  /** The streams of its session, which it is removed from when its last event goes. */
  readonly streams: Map<StreamId, StoredStream>;
  readonly events: StoredEvent[];
  /** The sequence number of its latest evicted event (0: none): a resume from before it would miss events. */
  evictedThrough: number;
}

/** The default bounds of {@link ResumableEvents}: 10,000 events and 16 MiB of JSON, over every session. */
export const DEFAULT_RESUMABLE_EVENTS = { maxEvents: 10_000, maxBytes: 16 * 1024 * 1024 } as const;

/** How many spent entries the eviction queue may hold at its head before it is compacted. */
const QUEUE_SLACK = 1024;

/**
 * The SSE events of one HTTP server's sessions, kept so that a client whose stream broke can
 * reconnect with `Last-Event-ID` and get what it missed (the SDK transport's `EventStore`, one
 * view per session: a session replays only its own streams). Bounded in memory: past
 * `maxEvents` events or `maxBytes` of JSON in all, the oldest go first; a resume from before
 * an evicted event of its stream is refused (the SDK answers 500) rather than replayed with a
 * gap. A closed session's events are dropped at once.
 */
export class ResumableEvents {
  /** Every session's streams, by session id, then stream id. */
  readonly #sessions = new Map<string, Map<StreamId, StoredStream>>();
  /**
   * Every event in the order stored (the eviction order), from `#head` on; dropped ones stay
   * until they reach the head. Not a Map taken oldest first: each `values().next()` would step
   * over every entry deleted since the Map last rehashed (thousands, once full).
   */
  #queue: StoredEvent[] = [];
  #head = 0;
  #count = 0;
  #bytes = 0;
  #seq = 0;

  public constructor(
    private readonly maxEvents: number = DEFAULT_RESUMABLE_EVENTS.maxEvents,
    private readonly maxBytes: number = DEFAULT_RESUMABLE_EVENTS.maxBytes,
  ) {}

  /** How many events are kept, and their JSON size in all. */
  public get usage(): { readonly events: number; readonly bytes: number } {
    return { events: this.#count, bytes: this.#bytes };
  }

  /** The event store of session `sessionId`, for its SDK transport. */
  public forSession(sessionId: string): EventStore {
    return {
      storeEvent: (streamId, message) => Promise.resolve(this.#store(sessionId, streamId, message)),
      getStreamIdForEventId: (eventId) => Promise.resolve(this.#find(sessionId, eventId)?.streamId),
      replayEventsAfter: (lastEventId, { send }) => this.#replay(sessionId, lastEventId, send),
    };
  }

  /** Drops every event of session `sessionId` (it closed: nobody can resume its streams). */
  public dropSession(sessionId: string): void {
    const streams = this.#sessions.get(sessionId);
    if (streams === undefined) return;
    this.#sessions.delete(sessionId);
    for (const stream of streams.values()) for (const event of stream.events) this.#forget(event);
    // Its events stay queued until evicted; when nothing is evicted (few events), they are swept here.
    if (this.#queue.length - this.#head > 2 * this.#count + QUEUE_SLACK) {
      this.#queue = this.#queue.slice(this.#head).filter((event) => event.kept);
      this.#head = 0;
    }
  }

  #store(sessionId: string, streamId: StreamId, message: JSONRPCMessage): EventId {
    let streams = this.#sessions.get(sessionId);
    if (streams === undefined) {
      streams = new Map();
      this.#sessions.set(sessionId, streams);
    }
    let stream = streams.get(streamId);
    if (stream === undefined) {
      stream = { streamId, streams, events: [], evictedThrough: 0 };
      streams.set(streamId, stream);
    }
    const seq = ++this.#seq;
    // The sequence number first: a stream id is the SDK's (a UUID, or `_GET_stream`).
    const id = `${seq}_${streamId}`;
    const event: StoredEvent = { id, seq, stream, message, size: JSON.stringify(message).length, kept: true };
    stream.events.push(event);
    this.#queue.push(event);
    this.#count += 1;
    this.#bytes += event.size;
    while (this.#count > this.maxEvents || (this.#bytes > this.maxBytes && this.#count > 1)) this.#evict();
    return id;
  }

  /** Takes `event` off the count (evicted, or its session dropped). */
  #forget(event: StoredEvent): void {
    event.kept = false;
    this.#count -= 1;
    this.#bytes -= event.size;
  }

  /** Drops the oldest event of all (the oldest of its stream too). */
  #evict(): void {
    let oldest: StoredEvent | undefined;
    while (this.#head < this.#queue.length && !(oldest = this.#queue[this.#head++] as StoredEvent).kept)
      oldest = undefined;
    if (this.#head > QUEUE_SLACK && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    if (oldest === undefined) return;
    this.#forget(oldest);
    const { stream } = oldest;
    stream.events.shift();
    stream.evictedThrough = oldest.seq;
    if (stream.events.length === 0) stream.streams.delete(stream.streamId);
  }

  /** The stream an event id of this session names, if it is one of its streams still kept. */
  #find(sessionId: string, eventId: EventId): StoredStream | undefined {
    const separator = eventId.indexOf('_');
    if (separator < 1) return undefined;
    return this.#sessions.get(sessionId)?.get(eventId.slice(separator + 1));
  }

  async #replay(
    sessionId: string,
    lastEventId: EventId,
    send: (eventId: EventId, message: JSONRPCMessage) => Promise<void>,
  ): Promise<StreamId> {
    const stream = this.#find(sessionId, lastEventId);
    const seq = Number(lastEventId.slice(0, lastEventId.indexOf('_')));
    if (stream === undefined || !Number.isSafeInteger(seq))
      throw new Error(`No stream of this session has the event ${JSON.stringify(lastEventId.slice(0, 80))}.`);
    if (seq < stream.evictedThrough)
      throw new Error(
        `The events after ${JSON.stringify(lastEventId)} are no longer kept (the server keeps at most ${this.maxEvents} events, ${this.maxBytes} bytes).`,
      );
    // A copy: events stored while replaying are delivered by the transport itself.
    for (const event of stream.events.slice()) if (event.seq > seq) await send(event.id, event.message);
    return stream.streamId;
  }
}
