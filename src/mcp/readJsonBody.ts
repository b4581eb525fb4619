import type { IncomingMessage } from 'node:http';

/** The largest request body a session reads: 4 MiB (the SDK transport's own default, given to it as well). */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

/** A request whose body was read here; `rawBody` is where the SDK's Node adapter (hono) reads a body already read. */
type ReadRequest = IncomingMessage & { rawBody?: Buffer };

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
 * Reads a POST's JSON body for the SDK's `StreamableHTTPServerTransport`, which otherwise reads
 * it through a web `Request` and `ReadableStream` made for each request (most of the transport's
 * cost per call). Answers the parsed body, to hand to `handleRequest` as its `parsedBody`. Any
 * body it cannot take as is (a declared `Content-Length` over `maxBytes`: left unread; one over
 * `maxBytes` as it arrives; text that is not JSON) answers `undefined`, and what was read is left
 * as `rawBody`, so the SDK reads those bytes itself and answers them as it always does (413, the
 * JSON parse error after its `Accept` and `Content-Type` checks). Other methods are left alone.
 */
export async function readJsonBody(request: ReadRequest, maxBytes = MAX_REQUEST_BODY_BYTES): Promise<unknown> {
  if (request.method !== 'POST' || Number(request.headers['content-length']) > maxBytes) return undefined;
  const body = await readBody(request, maxBytes);
  if (body.length <= maxBytes && request.complete) {
    try {
      return JSON.parse(UTF8.decode(body)) as unknown;
    } catch {
      // Not JSON: the SDK answers it, from the same bytes.
    }
  }
  request.rawBody = body;
  return undefined;
}
