import type { ApprovalRequest } from '../index.js';
import { quoteForDisplay } from '../internal/index.js';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: through the display function first (controls, newlines, bidi), then `&<>"'` escaped. */
function shown(value: unknown): string {
  return quoteForDisplay(value, Number.POSITIVE_INFINITY, 'line').replace(/[&<>"']/gu, (c) => HTML_ESCAPES[c] ?? c);
}

const STYLE =
  'body{font:16px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}' +
  'table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border:1px solid #999;padding:.3rem .5rem;text-align:left;vertical-align:top}' +
  'td{font-family:ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}button{font-size:1rem;padding:.5rem 1.5rem;margin-right:1rem}';

/** What every approval page answer carries: no caching, no framing, no referrer, nothing but this page's own form. */
export const APPROVAL_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
} as const;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${shown(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/**
 * The approval page of one pending call: the tool, the reason, and every permission request
 * with every one of its fields in full (each through the display function, then HTML-escaped:
 * a name, summary or target cannot add markup, a line or reorder the text), then one form that
 * approves or rejects exactly this call (`csrf` and `secret` as hidden fields).
 */
export function renderApprovalPage(
  approval: ApprovalRequest,
  fields: { readonly csrf: string; readonly secret: string; readonly expiresAt: Date },
): string {
  const requests = approval.requests
    .map((request, index) => {
      const rows = Object.entries(request)
        .map(([key, value]) => `<tr><th scope="row">${shown(key)}</th><td>${shown(value)}</td></tr>`)
        .join('');
      return `<h2>Request ${index + 1} of ${approval.requests.length}</h2><table class="request">${rows}</table>`;
    })
    .join('');
  const hidden = `<input type="hidden" name="csrf" value="${shown(fields.csrf)}"><input type="hidden" name="secret" value="${shown(fields.secret)}">`;
  return page(
    `Approve ${approval.toolName}?`,
    `<h1>Approve this call?</h1>` +
      `<p>Tool <code id="tool">${shown(approval.toolName)}</code> needs your approval: <span id="reason">${shown(approval.reason)}</span></p>` +
      `<p>Call <code>${shown(approval.callId)}</code>, session <code>${shown(approval.sessionId)}</code>. This page works once, until ${shown(fields.expiresAt.toISOString())}.</p>` +
      requests +
      `<form method="post">${hidden}<button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="reject">Reject</button></form>`,
  );
}

/** The page answering a decision, or a link that no longer works. */
export function renderApprovalNotice(title: string, text: string): string {
  return page(title, `<h1>${shown(title)}</h1><p id="notice">${shown(text)}</p>`);
}
