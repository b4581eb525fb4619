import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { discardUnreadBody, readJsonBody } from './readJsonBody.js';
import { writeWebResponse } from './writeWebResponse.js';

/** The web `Request` of a node:http request: its method, headers as sent, and the body bytes the SDK is to read. */
function toWebRequest(request: IncomingMessage, url: string, body: Buffer | undefined): Request {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2)
    headers.append(raw[index] as string, raw[index + 1] as string);
  return new Request(url, { method: request.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) });
}

/**
 * Hands a node:http request to the SDK's web-standard Streamable HTTP transport and writes its
 * answer, without the SDK's Node wrapper (`StreamableHTTPServerTransport`, through
 * `@hono/node-server`), which made a lazy web request and body stream for each request, held back
 * an answer not complete at once behind a timer, then sent it chunk by chunk. A POST's body is
 * read here ({@link readJsonBody}) and handed over parsed; what remains unread of a body refused
 * as too large is dropped once answered ({@link discardUnreadBody}). `url` is the request's URL
 * as the transport reports it to handlers.
 */
export async function handleNodeRequest(
  transport: WebStandardStreamableHTTPServerTransport,
  request: IncomingMessage,
  response: ServerResponse,
  url: string,
): Promise<void> {
  let answer: Response;
  if (request.method === 'POST') {
    response.once('close', () => {
      discardUnreadBody(request);
    });
    const body = await readJsonBody(request);
    answer = await transport.handleRequest(
      toWebRequest(request, url, 'raw' in body ? body.raw : undefined),
      'parsed' in body ? { parsedBody: body.parsed } : undefined,
    );
  } else answer = await transport.handleRequest(toWebRequest(request, url, undefined));
  await writeWebResponse(answer, response);
}
