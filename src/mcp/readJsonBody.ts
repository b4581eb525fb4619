import type { IncomingMessage } from 'node:http';

/** The largest request body a session reads: 4 MiB (the SDK transport's own default, given to it as well). */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

/** What is left of a body after the answer (one refused as too large) is read and dropped: at most 64 MiB, for 500 ms. */
const DISCARD = { maxBytes: 64 * 1024 * 1024, ms: 500 } as const;

/**
 * A POST's body as {@link readJsonBody} found it: `parsed`, the JSON the SDK takes as is; or
 * `raw`, bytes it could not take (not JSON, over the bound, broken off), or `undefined` for a
 * body left unread (its declared `Content-Length` over the bound), for the SDK to answer.
 */
export type ReadJsonBody = { readonly parsed: unknown } | { readonly raw: Buffer | undefined };

/** Decodes as the SDK transport does (`TextDecoder`, UTF-8, replacing bad bytes, dropping a BOM). */
const UTF8 = new TextDecoder();

/**
 * The body of `request`, whole or, past `maxBytes`, as far as it was read (more than `maxBytes`),
 * or as far as it came when the client broke it off (`request.complete` is then false). Never
 * rejects: whatever happened, the SDK answers the request, and the session it may have opened
 * is closed as any other that never initialized.
 */
function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (): void => {
      request.off('data', onData).off('end', finish).off('error', finish).off('close', finish);
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received));
    };
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      received += chunk.length;
      // Over the bound: stop reading (the SDK answers 413 from what was read, as when it reads itself).
      if (received > maxBytes) {
        request.pause();
        finish();
      }
    };
    request.on('data', onData).once('end', finish).once('error', finish).once('close', finish);
  });
}

/**
 * Reads a POST's JSON body for the SDK's web-standard transport, which otherwise reads it through
 * a web `ReadableStream` (most of the transport's cost per call): `parsed`, to hand to
 * `handleRequest` as its `parsedBody`. Any body it cannot take as is (a declared `Content-Length`
 * over `maxBytes`: left unread; one over `maxBytes` as it arrives; text that is not JSON) answers
 * `raw`, what was read, so the SDK reads those bytes itself and answers them as it always does
 * (413, the JSON parse error after its `Accept` and `Content-Type` checks). Never rejects.
 */
export async function readJsonBody(request: IncomingMessage, maxBytes = MAX_REQUEST_BODY_BYTES): Promise<ReadJsonBody> {
  if (Number(request.headers['content-length']) > maxBytes) return { raw: undefined };
  const body = await readBody(request, maxBytes);
  if (body.length <= maxBytes && request.complete) {
    try {
      return { parsed: JSON.parse(UTF8.decode(body)) as unknown };
    } catch {
      // Not JSON: the SDK answers it, from the same bytes.
    }
  }
  return { raw: body };
}

/**
 * Once the answer is out, reads and drops what the client still sends of a body that was not
 * read to its end (one refused as too large), so the connection can carry its next request; past
 * 64 MiB or 500 ms the connection is cut instead.
 */
export function discardUnreadBody(request: IncomingMessage): void {
  if (request.readableEnded || request.destroyed) return;
  let received = 0;
  const stop = (): void => {
    clearTimeout(timer);
    request.off('data', onData).off('end', stop).off('error', stop);
  };
  const cut = (): void => {
    stop();
    request.socket.destroySoon();
  };
  const timer = setTimeout(cut, DISCARD.ms).unref();
  const onData = (chunk: Buffer): void => {
    received += chunk.length;
    if (received > DISCARD.maxBytes) cut();
  };
  request.on('data', onData).once('end', stop).once('error', stop);
  request.resume();
}
