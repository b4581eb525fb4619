import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { discardUnreadBody, readJsonBody } from './readJsonBody.js';
import { writeWebResponse } from './writeWebResponse.js';

/** What the transport reads of a request whose body it is handed parsed: its method, URL and headers. */
interface RequestView {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  /** The web `Request` itself, made only if the transport reads anything else of it. */
  whole: Request | undefined;
}

/**
 * A web `Request` made in full only on demand: the transport reads a request's method, URL and
 * headers (the body is handed over parsed), and a `Request` (its signal, its body stream) costs
 * more to make than the rest of what the adapter does per request. Anything else read of it
 * (a later SDK may) is read from the `Request` made then, and it is an `instanceof Request`.
 */
const LAZY_REQUEST: ProxyHandler<RequestView> = {
  get(view, key) {
    if (key === 'method' || key === 'url' || key === 'headers') return view[key];
    view.whole ??= new Request(view.url, { method: view.method, headers: view.headers });
    const value: unknown = Reflect.get(view.whole, key);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(view.whole) : value;
  },
  getPrototypeOf: () => Request.prototype,
};

/** The web `Request` of a node:http request: its method, headers as sent, and the body bytes the SDK is to read. */
export function toWebRequest(request: IncomingMessage, url: string, body: Buffer | undefined): Request {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2)
    headers.append(raw[index] as string, raw[index + 1] as string);
  const method = request.method ?? 'GET';
  if (body !== undefined) return new Request(url, { method, headers, body });
  return new Proxy<RequestView>({ method, url, headers, whole: undefined }, LAZY_REQUEST) as unknown as Request;
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
