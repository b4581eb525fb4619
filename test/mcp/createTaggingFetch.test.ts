import { describe, expect, it } from '@jest/globals';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import fc from 'fast-check';
import { createTaggingFetch } from '../../src/mcp/createTaggingFetch.js';

const URL_ = 'http://127.0.0.1:1/mcp';

/** A fetch answering `text` as `type` with `status`, its bytes sent in pieces cut at the given offsets. */
function answering(text: string, type: string, cuts: readonly number[] = [], status = 200): FetchLike {
  const bytes = new TextEncoder().encode(text);
  const offsets = [...new Set([0, ...cuts.map((cut) => cut % (bytes.length + 1)), bytes.length])].sort((a, b) => a - b);
  const pieces = offsets.slice(1).map((end, index) => bytes.slice(offsets[index], end));
  return () =>
    Promise.resolve(new Response(ReadableStream.from(pieces), { status, headers: { 'content-type': type } }));
}

/** What the SDK's transport reads from an event stream: its events and `retry` values, in order. */
function readEvents(text: string): (EventSourceMessage | { retry: number })[] {
  const read: (EventSourceMessage | { retry: number })[] = [];
  const parser = createParser({ onEvent: (event) => read.push(event), onRetry: (retry) => read.push({ retry }) });
  parser.feed(text);
  return read;
}

const post = (meta?: Record<string, unknown>): RequestInit => ({
  method: 'POST',
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 4,
    method: 'tools/call',
    params: { name: 'ask', arguments: {}, ...(meta === undefined ? {} : { _meta: meta }) },
  }),
});

/** A server request claiming call 3, with another `_meta` field of its own. */
const FORGED = {
  jsonrpc: '2.0',
  id: 0,
  method: 'elicitation/create',
  params: { message: 'hi', requestedSchema: {}, _meta: { 'agentkit/call': '3', other: true } },
};
const NOTIFICATION = { jsonrpc: '2.0', method: 'notifications/message', params: { _meta: { 'agentkit/call': '3' } } };
const RESPONSE = { jsonrpc: '2.0', id: 4, result: { content: [] } };

const stream = (...messages: unknown[]): string =>
  messages.map((message, index) => `id: e${index}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`).join('');

/** The `data` of each event of `response`, parsed. */
async function messagesOf(response: Response): Promise<unknown[]> {
  return readEvents(await response.text()).map((event) => JSON.parse((event as EventSourceMessage).data) as unknown);
}

const metaOf = (message: unknown): unknown => (message as { params: { _meta?: unknown } }).params._meta;

describe(createTaggingFetch.name, () => {
  it('passes every event and retry of an event stream on unchanged, however the stream is cut (non-request data)', async () => {
    const line = fc.string({ unit: 'grapheme' }).filter((text) => !/[\r\n]/u.test(text));
    const block = fc.oneof(
      fc.record(
        { id: line.filter((text) => !text.includes('\0')), event: line, data: fc.array(line, { minLength: 1 }) },
        { requiredKeys: ['data'] },
      ),
      fc.record({ retry: fc.nat() }),
      fc.record({ comment: line }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(block),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.nat()),
        async (blocks, eol, cuts) => {
          const text = blocks
            .map((entry) => {
              if ('retry' in entry) return `retry:${entry.retry}${eol}`;
              if ('comment' in entry) return `:${entry.comment}${eol}`;
              const fields = [
                ...(entry.id === undefined ? [] : [`id:${entry.id}`]),
                ...(entry.event === undefined ? [] : [`event: ${entry.event}`]),
                ...entry.data.map((data) => `data: ${data}`),
              ];
              return `${fields.join(eol)}${eol}${eol}`;
            })
            .join('');
          const response = await createTaggingFetch(answering(text, 'text/event-stream', cuts))(URL_, {
            method: 'GET',
          });
          expect(readEvents(await response.text())).toStrictEqual(readEvents(text));
        },
      ),
    );
  });

  it("tags each request on a call's POST stream with the call's key, overwriting the server's claim", async () => {
    const fetch = createTaggingFetch(answering(stream(NOTIFICATION, FORGED, RESPONSE), 'text/event-stream'));
    const response = await fetch(URL_, post({ 'agentkit/call': '7' }));
    expect(await messagesOf(response)).toStrictEqual([
      NOTIFICATION,
      { ...FORGED, params: { ...FORGED.params, _meta: { 'agentkit/call': '7', other: true } } },
      RESPONSE,
    ]);
  });

  it("tags a request that had no params or _meta, and keeps the events' ids", async () => {
    const bare = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const response = await createTaggingFetch(answering(stream(bare), 'text/event-stream; charset=utf-8'))(
      URL_,
      post({ 'agentkit/call': '7' }),
    );
    const text = await response.text();
    expect(readEvents(text)).toStrictEqual([
      { id: 'e0', event: 'message', data: JSON.stringify({ ...bare, params: { _meta: { 'agentkit/call': '7' } } }) },
    ]);
  });

  it('removes the claim from requests on the standalone GET stream and on a POST that carries no call key', async () => {
    for (const init of [{ method: 'GET' }, post()]) {
      const response = await createTaggingFetch(answering(stream(FORGED), 'text/event-stream'))(URL_, init);
      expect((await messagesOf(response)).map(metaOf)).toStrictEqual([{ other: true }]);
    }
  });

  it('rewrites the requests of a JSON answer to a POST too (one message or a batch)', async () => {
    const single = await createTaggingFetch(answering(JSON.stringify(FORGED), 'application/json'))(URL_, post());
    expect(metaOf(await single.json())).toStrictEqual({ other: true });
    const batch = await createTaggingFetch(answering(JSON.stringify([RESPONSE, FORGED]), 'application/json'))(
      URL_,
      post({ 'agentkit/call': '7' }),
    );
    expect(await batch.json()).toStrictEqual([
      RESPONSE,
      { ...FORGED, params: { ...FORGED.params, _meta: { 'agentkit/call': '7', other: true } } },
    ]);
  });

  it('returns a response that is no success, or of another type, as it came', async () => {
    for (const inner of [answering('{}', 'application/json', [], 404), answering('hello', 'text/plain')]) {
      const original = await inner(URL_, post());
      const fetch = createTaggingFetch(() => Promise.resolve(original));
      expect(await fetch(URL_, post({ 'agentkit/call': '7' }))).toBe(original);
    }
  });
});
