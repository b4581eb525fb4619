import type { ServerResponse } from 'node:http';

/** A priming event as the SDK transport writes it, one per enqueued chunk: an id, maybe `retry`, empty data. */
const PRIMING_EVENT = /^id: [^\n]*\n(?:retry: \d+\n)?data: \n\n$/u;
/** How a message event as the SDK transport writes it begins; an `id: ...` line may follow, then its data. */
const MESSAGE_START = Buffer.from('event: message\n');
const ID_START = Buffer.from('id: ');
const DATA_START = Buffer.from('data: ');
const NEWLINE = 0x0a;

/**
 * The data of a message event as the SDK transport writes it, one per enqueued chunk: its JSON
 * on one line (`JSON.stringify` escapes newlines), as a view of `event`'s bytes; undefined for
 * anything else.
 */
function getMessageData(event: Buffer): Buffer | undefined {
  if (!event.subarray(0, MESSAGE_START.length).equals(MESSAGE_START)) return undefined;
  let line = MESSAGE_START.length;
  if (event.subarray(line, line + ID_START.length).equals(ID_START)) line = event.indexOf(NEWLINE, line) + 1;
  const start = line + DATA_START.length;
  if (line === 0 || !event.subarray(line, start).equals(DATA_START)) return undefined;
  const end = event.length - 2;
  // One line of data, ending the event: the first newline after `data: ` is the blank line's.
  return end > start && event.indexOf(NEWLINE, start) === end && event[end + 1] === NEWLINE
    ? event.subarray(start, end)
    : undefined;
}

/**
 * The JSON of the one message of a whole SSE answer that carries nothing else (a priming event
 * aside: it only tells a client where to resume, and there is nothing left to resume), as bytes;
 * undefined: more than one message, anything else, or a chunk not as the transport writes it.
 */
function getSoleMessage(chunks: readonly Uint8Array[]): Buffer | undefined {
  let message: Buffer | undefined;
  for (const chunk of chunks) {
    const event = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const data = getMessageData(event);
    if (data === undefined && PRIMING_EVENT.test(event.toString('latin1'))) continue;
    if (data === undefined || message !== undefined) return undefined;
    message = data;
  }
  return message;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const joined = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
  chunks.length = 0;
  return joined;
}

/** Resolves once `response` can take more (or is gone). */
function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done).off('close', done);
      resolve();
    };
    response.once('drain', done).once('close', done);
  });
}

/**
 * Writes the transport's answer to `response` as its body comes. What the transport has written
 * by the end of the current turn of the event loop goes out in one write: an answer complete by
 * then with its `Content-Length`, in one segment (an SSE answer holding nothing but the request's
 * response, as that response in a JSON body); an open stream (a running call, the GET stream)
 * gets its headers and what it has, then each later turn's events together, as they come. A
 * client gone cancels the body, which is how the transport learns its stream broke (it keeps
 * what follows for a resume).
 */
export async function writeWebResponse(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const { status, body } = answer;
  if (body === null) {
    // Framed by its length as every complete answer is (a 202, a DELETE's 200), not as an empty chunked body.
    response
      .writeHead(status, status === 204 || status === 304 ? headers : { ...headers, 'content-length': '0' })
      .end();
    return;
  }
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  let gone = false;
  const cancel = (): void => {
    gone = true;
    reader.cancel().catch(() => undefined);
  };
  if (response.destroyed) cancel();
  else response.once('close', cancel);
  const pending: Uint8Array[] = [];
  const flush = (): void => {
    scheduled = undefined;
    if (gone) return;
    if (!response.headersSent) response.writeHead(status, headers);
    if (pending.length === 0) response.flushHeaders();
    else response.write(concat(pending));
  };
  let scheduled: NodeJS.Immediate | undefined = setImmediate(flush);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending.push(value);
      scheduled ??= setImmediate(flush);
      if (response.writableNeedDrain) await drained(response);
    }
  } catch {
    gone = true;
    response.destroy();
  } finally {
    clearImmediate(scheduled);
    response.off('close', cancel);
  }
  if (gone) return;
  if (response.headersSent) {
    response.end(pending.length === 0 ? undefined : concat(pending));
    return;
  }
  // The spec lets a server answer a request with a JSON body or an SSE stream: one with nothing but its answer
  // is cheaper to read as JSON (an SSE stream costs a client a decoder and parser pipeline per request).
  const sole = status === 200 && headers['content-type'] === 'text/event-stream' ? getSoleMessage(pending) : undefined;
  if (sole !== undefined) {
    response
      .writeHead(status, {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(sole.length),
      })
      .end(sole);
    return;
  }
  const whole = pending.length === 0 ? new Uint8Array(0) : concat(pending);
  response.writeHead(status, { ...headers, 'content-length': String(whole.byteLength) }).end(whole);
}
