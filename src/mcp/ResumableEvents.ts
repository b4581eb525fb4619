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
}

/** The events kept of one SSE stream of one session, oldest first. */
interface StoredStream {
  readonly key: string;
  readonly streamId: StreamId;
  readonly events: StoredEvent[];
  /** The sequence number of its latest evicted event (0: none): a resume from before it would miss events. */
  evictedThrough: number;
}

/** The default bounds of {@link ResumableEvents}: 10,000 events and 16 MiB of JSON, over every session. */
export const DEFAULT_RESUMABLE_EVENTS = { maxEvents: 10_000, maxBytes: 16 * 1024 * 1024 } as const;

/**
 * The SSE events of one HTTP server's sessions, kept so that a client whose stream broke can
 * reconnect with `Last-Event-ID` and get what it missed (the SDK transport's `EventStore`, one
 * view per session: a session replays only its own streams). Bounded in memory: past
 * `maxEvents` events or `maxBytes` of JSON in all, the oldest go first; a resume from before
 * an evicted event of its stream is refused (the SDK answers 500) rather than replayed with a
 * gap. A closed session's events are dropped at once.
 */
export class ResumableEvents {
  /** Every stored event by id, in the order stored (the eviction order). */
  readonly #events = new Map<EventId, StoredEvent>();
  readonly #streams = new Map<string, StoredStream>();
  #bytes = 0;
  #seq = 0;

  public constructor(
    private readonly maxEvents: number = DEFAULT_RESUMABLE_EVENTS.maxEvents,
    private readonly maxBytes: number = DEFAULT_RESUMABLE_EVENTS.maxBytes,
  ) {}

  /** How many events are kept, and their JSON size in all. */
  public get usage(): { readonly events: number; readonly bytes: number } {
    return { events: this.#events.size, bytes: this.#bytes };
  }

  /** The event store of session `sessionId`, for its `StreamableHTTPServerTransport`. */
  public forSession(sessionId: string): EventStore {
    return {
      storeEvent: (streamId, message) => Promise.resolve(this.#store(sessionId, streamId, message)),
      getStreamIdForEventId: (eventId) => Promise.resolve(this.#find(sessionId, eventId)?.streamId),
      replayEventsAfter: (lastEventId, { send }) => this.#replay(sessionId, lastEventId, send),
    };
  }

  /** Drops every event of session `sessionId` (it closed: nobody can resume its streams). */
  public dropSession(sessionId: string): void {
    const prefix = `${sessionId}\n`;
    for (const [key, stream] of this.#streams) {
      if (!key.startsWith(prefix)) continue;
      for (const event of stream.events) {
        this.#events.delete(event.id);
        this.#bytes -= event.size;
      }
      this.#streams.delete(key);
    }
  }

  #store(sessionId: string, streamId: StreamId, message: JSONRPCMessage): EventId {
    const key = `${sessionId}\n${streamId}`;
    let stream = this.#streams.get(key);
    if (stream === undefined) {
      stream = { key, streamId, events: [], evictedThrough: 0 };
      this.#streams.set(key, stream);
    }
    const seq = ++this.#seq;
    // The sequence number first: a stream id is the SDK's (a UUID, or `_GET_stream`).
    const id = `${seq}_${streamId}`;
    const event: StoredEvent = { id, seq, stream, message, size: JSON.stringify(message).length };
    stream.events.push(event);
    this.#events.set(id, event);
    this.#bytes += event.size;
    while (this.#events.size > this.maxEvents || (this.#bytes > this.maxBytes && this.#events.size > 1)) this.#evict();
    return id;
  }

  /** Drops the oldest event of all (the oldest of its stream too). */
  #evict(): void {
    const oldest = this.#events.values().next().value;
    if (oldest === undefined) return;
    this.#events.delete(oldest.id);
    this.#bytes -= oldest.size;
    const { stream } = oldest;
    stream.events.shift();
    stream.evictedThrough = oldest.seq;
    if (stream.events.length === 0) this.#streams.delete(stream.key);
  }

  /** The stream an event id of this session names, if it is one of its streams still kept. */
  #find(sessionId: string, eventId: EventId): StoredStream | undefined {
    const separator = eventId.indexOf('_');
    if (separator < 1) return undefined;
    return this.#streams.get(`${sessionId}\n${eventId.slice(separator + 1)}`);
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
