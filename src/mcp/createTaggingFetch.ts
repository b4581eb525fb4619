import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createParser, type EventSourceMessage, type EventSourceParser } from 'eventsource-parser';
import { RELATED_CALL_META } from './RELATED_CALL_META.js';

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The call key our request in `body` carries (a `tools/call` sent by McpRemoteTool), if any. */
function readCallKey(body: unknown): string | undefined {
  const message = typeof body === 'string' ? parseJson(body) : undefined;
  const meta = isRecord(message) && isRecord(message['params']) ? message['params']['_meta'] : undefined;
  const key = isRecord(meta) ? meta[RELATED_CALL_META] : undefined;
  return typeof key === 'string' ? key : undefined;
}

/**
 * Tags every JSON-RPC request in `message` (one message or a batch) with `key`, or removes the
 * tag when there is no key; returns whether anything was rewritten.
 */
function retag(message: unknown, key: string | undefined): boolean {
  let rewritten = false;
  for (const entry of Array.isArray(message) ? (message as unknown[]) : [message]) {
    if (!isRecord(entry) || typeof entry['method'] !== 'string' || entry['id'] === undefined) continue;
    const params = entry['params'] ?? {};
    // Params that are no object are refused by the SDK before any handler sees them.
    if (!isRecord(params)) continue;
    const meta = isRecord(params['_meta']) ? params['_meta'] : {};
    if (key === undefined) {
      if (!(RELATED_CALL_META in meta)) continue;
      Reflect.deleteProperty(meta, RELATED_CALL_META);
    } else meta[RELATED_CALL_META] = key;
    entry['params'] = { ...params, _meta: meta };
    rewritten = true;
  }
  return rewritten;
}

/** `text` (one JSON-RPC message or a batch) with its requests tagged; anything else unchanged. */
function retagText(text: string, key: string | undefined): string {
  const message = parseJson(text);
  return retag(message, key) ? JSON.stringify(message) : text;
}

/** One Server-Sent Event, written back in the form the parser read it from. */
function encodeEvent({ event, id, data }: EventSourceMessage): string {
  const lines = [
    ...(event === undefined ? [] : [`event: ${event}`]),
    ...(id === undefined ? [] : [`id: ${id}`]),
    ...data.split('\n').map((line) => `data: ${line}`),
  ];
  return `${lines.join('\n')}\n\n`;
}

/**
 * An event stream with the requests in its events tagged (eventsource-parser reads it, as the
 * SDK's transport does): events and `retry` fields pass on in order; comments (keep-alives the
 * transport ignores) are dropped.
 */
function retagEventStream(key: string | undefined): TransformStream<string, string> {
  let parser: EventSourceParser | undefined;
  return new TransformStream({
    start(controller) {
      parser = createParser({
        onEvent: (event) => {
          controller.enqueue(encodeEvent({ ...event, data: retagText(event.data, key) }));
        },
        onRetry: (retry) => {
          controller.enqueue(`retry: ${retry}\n\n`);
        },
      });
    },
    transform(chunk) {
      parser?.feed(chunk);
    },
  });
}

function rebuild(response: Response, body: ReadableStream<Uint8Array> | string): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Wraps a Streamable HTTP transport's fetch so a server's requests say which call they belong
 * to: a request on the response stream of a POST that carries a call's key (see
 * {@link RELATED_CALL_META}) is tagged with that key, whatever the server put there; a request
 * anywhere else (the standalone GET stream, a resumed stream, another POST) has the tag removed.
 * The SDK's transport does not tell its handler which stream a message came on; this does.
 */
export function createTaggingFetch(inner: FetchLike): FetchLike {
  return async (url, init) => {
    const response = await inner(url, init);
    if (!response.ok || response.body === null) return response;
    const key = init?.method === 'POST' ? readCallKey(init.body) : undefined;
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type === 'text/event-stream') {
      const events = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(retagEventStream(key))
        .pipeThrough(new TextEncoderStream());
      return rebuild(response, events);
    }
    // A JSON answer to a POST is one response by the spec, but the transport delivers any message in it.
    if (type === 'application/json' && init?.method === 'POST') {
      return rebuild(response, retagText(await response.text(), key));
    }
    return response;
  };
}
