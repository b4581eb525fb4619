import type { ServerResponse } from 'node:http';

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
 * then (a quick call's whole SSE stream, a JSON answer) with its `Content-Length`, in one
 * segment; an open stream (a running call, the GET stream) gets its headers and what it has,
 * then each later turn's events together, as they come. A client gone cancels the body, which
 * is how the transport learns its stream broke (it keeps what follows for a resume).
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
  const whole = pending.length === 0 ? new Uint8Array(0) : concat(pending);
  response.writeHead(status, { ...headers, 'content-length': String(whole.byteLength) }).end(whole);
}
