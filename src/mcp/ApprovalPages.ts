import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApprovalRequest, ToolRequest } from '../index.js';
import { canonicalJson } from '../internal/index.js';
import { APPROVAL_PAGE_HEADERS, renderApprovalNotice, renderApprovalPage } from './renderApprovalPage.js';

/** How a person answered an approval page: `expired` when nobody did in time (or the server stopped). */
export type ApprovalPageDecision = 'approved' | 'rejected' | 'expired';

/** One approval page: its link (with its secret), and the person's answer. */
export interface OpenedApprovalPage {
  readonly id: string;
  readonly url: string;
  readonly expiresAt: Date;
  /** Resolves once the person answers on the page, or the page expires. */
  readonly decided: Promise<ApprovalPageDecision>;
}

interface PendingPage {
  readonly id: string;
  readonly secret: Buffer;
  readonly csrf: Buffer;
  readonly approval: ApprovalRequest;
  readonly call: ToolRequest;
  readonly expiresAt: Date;
  readonly timer: NodeJS.Timeout;
  readonly settle: (decision: ApprovalPageDecision) => void;
  /** Set once the person approved: the approval may run once, by the same call again. */
  approved: boolean;
}

/** The default life of an approval page: 10 minutes. */
export const DEFAULT_APPROVAL_PAGE_TTL_MS = 600_000;
/** The most pages kept at once: past it the oldest expires, so a flood of refused calls cannot grow memory. */
const MAX_PAGES = 1_000;
/** The most form bytes a decision may carry. */
const MAX_FORM_BYTES = 4_096;

function same(given: string | undefined, expected: Buffer): boolean {
  const buffer = Buffer.from(given ?? '', 'utf8');
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, APPROVAL_PAGE_HEADERS).end(html);
}

/** The same call again: the same tool, session and input (its canonical JSON), whatever its call id. */
function sameCall(a: ToolRequest, b: ToolRequest): boolean {
  return a.toolName === b.toolName && a.sessionId === b.sessionId && canonicalJson(a.input) === canonicalJson(b.input);
}

/**
 * The approval pages of one `serveHttp` server, for people whose MCP client cannot ask them:
 * `GET /approvals/<id>?secret=<secret>` shows a pending call's every permission request in full
 * (escaped), and its form approves or rejects exactly that call. Each page is single use (one
 * decision, then the link is dead), expires (`ttlMs`), and needs its own 256-bit secret, which
 * only the link carries (no cookie, no token: the link is what the person gets). The decision
 * is a POST carrying the secret and the page's CSRF token, from this origin (`Sec-Fetch-Site`, and an `Origin` other than `null`, are checked when the
 * browser sends them). A page that is approved lets the
 * same call run once (see {@link takeApproved}); nothing runs from the page itself.
 */
export class ApprovalPages {
  readonly #pages = new Map<string, PendingPage>();

  public constructor(
    /** The origin links point to (`http://127.0.0.1:8080`). */
    private readonly origin: () => string,
    private readonly ttlMs: number = DEFAULT_APPROVAL_PAGE_TTL_MS,
  ) {}

  /** How many pages wait for a decision. */
  public get size(): number {
    return this.#pages.size;
  }

  /** Opens the page of `approval` (the interruption of `call`). */
  public open(approval: ApprovalRequest, call: ToolRequest): OpenedApprovalPage {
    const oldest = this.#pages.values().next().value;
    if (oldest !== undefined && this.#pages.size >= MAX_PAGES) {
      this.#drop(oldest);
      oldest.settle('expired');
    }
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMs);
    let settle!: (decision: ApprovalPageDecision) => void;
    const decided = new Promise<ApprovalPageDecision>((resolve) => {
      settle = resolve;
    });
    const timer = setTimeout(() => {
      this.#pages.delete(id);
      settle('expired');
    }, this.ttlMs).unref();
    this.#pages.set(id, {
      id,
      secret: Buffer.from(secret, 'utf8'),
      csrf: Buffer.from(randomBytes(32).toString('base64url'), 'utf8'),
      approval,
      call,
      expiresAt,
      timer,
      settle,
      approved: false,
    });
    return { id, url: `${this.origin()}/approvals/${id}?secret=${secret}`, expiresAt, decided };
  }

  /**
   * The approved page of the same call as `call` (same tool, session and input), consumed: its
   * original request and approval, for `executeApproved`. Undefined when none was approved.
   */
  public takeApproved(call: ToolRequest): { request: ToolRequest; approval: ApprovalRequest } | undefined {
    for (const page of this.#pages.values()) {
      if (!page.approved || !sameCall(page.call, call)) continue;
      this.#drop(page);
      return { request: page.call, approval: page.approval };
    }
    return undefined;
  }

  /** Whether `approvalId` was approved on its page (consumed when so). */
  public takeApprovedById(approvalId: string): boolean {
    for (const page of this.#pages.values()) {
      if (!page.approved || page.approval.id !== approvalId) continue;
      this.#drop(page);
      return true;
    }
    return false;
  }

  /** Expires every page (the server stops). */
  public closeAll(): void {
    for (const page of [...this.#pages.values()]) {
      this.#drop(page);
      page.settle('expired');
    }
  }

  #drop(page: PendingPage): void {
    clearTimeout(page.timer);
    this.#pages.delete(page.id);
  }

  /** Answers `GET` and `POST /approvals/<id>`. */
  public async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const id = url.pathname.slice('/approvals/'.length);
    const page = this.#pages.get(id);
    const gone = (): void => {
      send(
        response,
        404,
        renderApprovalNotice(
          'This approval link does not work',
          'It was already used, it expired, or it is not one this server gave out. Nothing was run from it.',
        ),
      );
    };
    if (request.method === 'GET') {
      if (page === undefined || page.approved || !same(url.searchParams.get('secret') ?? undefined, page.secret)) {
        gone();
        return;
      }
      send(
        response,
        200,
        renderApprovalPage(page.approval, {
          csrf: page.csrf.toString('utf8'),
          secret: page.secret.toString('utf8'),
          expiresAt: page.expiresAt,
        }),
      );
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    // The page sends no referrer, so a browser's Origin may be "null": Sec-Fetch-Site then decides.
    if (
      (site !== undefined && site !== 'same-origin') ||
      (origin !== undefined && origin !== 'null' && origin !== this.origin())
    ) {
      send(response, 403, renderApprovalNotice('Refused', 'A decision must come from the approval page itself.'));
      return;
    }
    const form = await readForm(request);
    if (
      page === undefined ||
      page.approved ||
      form === undefined ||
      !same(form.get('secret') ?? undefined, page.secret) ||
      !same(form.get('csrf') ?? undefined, page.csrf)
    ) {
      gone();
      return;
    }
    const decision = form.get('decision');
    if (decision === 'approve') {
      // Single use: the link is dead now; the call runs once, where its client waits or asks again.
      page.approved = true;
      page.settle('approved');
      send(
        response,
        200,
        renderApprovalNotice(
          'Approved',
          'The call may run once. If its client is not waiting for it, ask it to make the same call again.',
        ),
      );
    } else if (decision === 'reject') {
      this.#drop(page);
      page.settle('rejected');
      send(response, 200, renderApprovalNotice('Rejected', 'The call will not run.'));
    } else {
      send(response, 400, renderApprovalNotice('Refused', 'The decision must be approve or reject.'));
    }
  }
}
