import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { Container } from 'inversify';
import { chromium, type BrowserContext } from 'playwright-core';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  BasePermissionRequest,
  PermissionDecision,
  Preflight,
  Tool,
  TOOL_EXECUTOR,
  type ToolContext,
  type ToolExecutor,
} from '../../src/index.js';
import { serveHttp, type HttpServeHandle } from '../../src/mcp/index.js';

const CHROMIUM = '/usr/bin/chromium';
const TOKEN = 'approval-page-token-0123456789';
const HOSTILE = '<script>document.title="pwned"</script>\u202Eevil\nnext line';
const runs: string[] = [];

class NoteRequest extends BasePermissionRequest {
  public readonly kind = 'test.note';

  public constructor(public override readonly target: string) {
    super();
  }

  public summary(): string {
    return `write note ${this.target}`;
  }
}

@Tool({
  name: 'write_note',
  description: 'Writes a note (needs approval).',
  input: { type: 'object', properties: { note: { type: 'string' } }, required: ['note'], additionalProperties: false },
})
class WriteNoteTool {
  @Preflight()
  public preflight(input: { note: string }): NoteRequest {
    return new NoteRequest(input.note);
  }

  public invoke(input: { note: string }, ctx: ToolContext): string {
    runs.push(input.note);
    ctx.log('info', `writing ${input.note}`);
    return `wrote ${input.note}`;
  }
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

async function connect(url: string, capabilities: Record<string, unknown>): Promise<Client> {
  const client = new Client({ name: 'approval-page-test', version: '1.0.0' }, { capabilities });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
  );
  return client;
}

describe('serveHttp approval page in headless Chromium', () => {
  let executor: ToolExecutor;
  let served: HttpServeHandle;
  /** A fresh profile (its own user data directory) in headless Chromium. */
  let browser: BrowserContext;
  let profile: string;
  const cleanup: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    // Never a silent pass: without Chromium this suite fails and says what is missing.
    if (!existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium; .ci/run does).`);
    profile = await mkdtemp(path.join(os.tmpdir(), 'agentkit-chromium-'));
    cleanup.push(() => rm(profile, { recursive: true, force: true }));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    cleanup.push(() => browser.close());
    // A stalled page step fails as that step, well inside a test's own timeout.
    browser.setDefaultTimeout(10_000);
    const container = new Container();
    container
      .bind(PERMISSION_CHECKER)
      .toConstantValue({ evaluate: () => PermissionDecision.requireApproval('notes need a person') });
    container.bind(WriteNoteTool).toSelf();
    container.load(agentkitModule());
    executor = await container.getAsync(TOOL_EXECUTOR);
    cleanup.push(() => executor.close());
    served = await serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN });
    cleanup.push(() => served.close(1000));
  }, 60_000);

  // One test's leftovers never reach the next (a call still running after a failure).
  beforeEach(() => {
    runs.length = 0;
  });

  afterAll(async () => {
    // What beforeAll started, latest first.
    for (const close of cleanup.reverse()) await close();
  });

  it('gives a client without elicitation the link; the page shows the request in full, escaped, and once approved the same call runs once', async () => {
    const client = await connect(served.url, {});
    try {
      const refused = (await client.callTool({ name: 'write_note', arguments: { note: HOSTILE } })) as CallToolResult;
      expect(refused.isError).toBe(true);
      const link = /(http:\/\/127\.0\.0\.1:\d+\/approvals\/[0-9a-f-]{36}\?secret=[\w-]{43})/u.exec(
        textOf(refused),
      )?.[1];
      expect(link).toBeDefined();
      expect(runs).toStrictEqual([]);

      const page = await browser.newPage();
      await page.goto(link ?? '');
      expect(await page.title()).toBe('Approve write_note?');
      const shown = await page.locator('table.request').innerText();
      // Every field of the request, the hostile target escaped: no markup ran, no line was added, no bidi override.
      expect(shown).toContain('test.note');
      expect(shown).toContain('<script>document.title="pwned"</script>');
      expect(shown).toContain('\\u202e');
      expect(shown).toContain('\\n');
      expect(shown).not.toContain('\u202E');
      expect(await page.locator('script').count()).toBe(0);
      expect(await page.locator('#reason').innerText()).toBe('notes need a person');

      await page.getByRole('button', { name: 'Approve' }).click();
      expect(await page.locator('h1').innerText()).toBe('Approved');
      // Single use: the link is dead now.
      await page.goto(link ?? '');
      expect(await page.locator('h1').innerText()).toBe('This approval link does not work');
      await page.close();

      const ran = (await client.callTool({ name: 'write_note', arguments: { note: HOSTILE } })) as CallToolResult;
      expect(ran.isError).not.toBe(true);
      expect(runs).toStrictEqual([HOSTILE]);
      // Once: the next same call is refused again, with a new link.
      const again = (await client.callTool({ name: 'write_note', arguments: { note: HOSTILE } })) as CallToolResult;
      expect(again.isError).toBe(true);
      expect(textOf(again)).toContain('/approvals/');
      expect(runs).toStrictEqual([HOSTILE]);
    } finally {
      await client.close();
      runs.length = 0;
    }
  }, 30_000);

  it('refuses a page without its secret, and a decision without the CSRF token or from another origin', async () => {
    const client = await connect(served.url, {});
    try {
      const refused = (await client.callTool({ name: 'write_note', arguments: { note: 'csrf' } })) as CallToolResult;
      const link = new URL(/(http:\S+\?secret=[\w-]+)/u.exec(textOf(refused))?.[1] ?? '');
      const bare = new URL(link.pathname, link.origin).href;
      const page = await browser.newPage();
      await page.goto(bare);
      expect(await page.locator('h1').innerText()).toBe('This approval link does not work');

      const forged = await fetch(bare, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `secret=${link.searchParams.get('secret') ?? ''}&csrf=guess&decision=approve`,
      });
      expect(forged.status).toBe(404);
      const crossSite = await fetch(bare, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
        body: `secret=${link.searchParams.get('secret') ?? ''}&decision=approve`,
      });
      expect(crossSite.status).toBe(403);

      // The real page still works after the forgeries: reject it there.
      await page.goto(link.href);
      await page.getByRole('button', { name: 'Reject' }).click();
      expect(await page.locator('h1').innerText()).toBe('Rejected');
      await page.close();
      const after = (await client.callTool({ name: 'write_note', arguments: { note: 'csrf' } })) as CallToolResult;
      expect(after.isError).toBe(true);
      expect(runs).toStrictEqual([]);
    } finally {
      await client.close();
    }
  }, 30_000);

  it('points a client with URL-mode elicitation to the page, and the waiting call runs once the person approves there', async () => {
    const client = await connect(served.url, { elicitation: { url: {} } });
    const asked: { mode: string; url: string; message: string }[] = [];
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logged.push(notification.params.data);
    });
    const page = await browser.newPage();
    let decided: Promise<void> | undefined;
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      const params = request.params as { mode: string; url: string; message: string };
      asked.push(params);
      // As a client does: "accept" says the person agreed to open the link; they decide there
      // later, and the call waits for that decision.
      decided = (async () => {
        await page.goto(params.url);
        await page.getByRole('button', { name: 'Approve' }).click();
        expect(await page.locator('h1').innerText()).toBe('Approved');
      })();
      return { action: 'accept' };
    });
    try {
      const result = (await client.callTool({ name: 'write_note', arguments: { note: 'by url' } }, undefined, {
        timeout: 20_000,
      })) as CallToolResult;
      await decided;
      expect(asked).toHaveLength(1);
      expect(asked[0]?.mode).toBe('url');
      expect(asked[0]?.url).toMatch(/\/approvals\/[0-9a-f-]{36}\?secret=/u);
      expect(asked[0]?.message).toContain('write note by url');
      expect(textOf(result)).toContain('wrote by url');
      expect(runs).toStrictEqual(['by url']);
      // The call approved on the page still talks back to the client that made it.
      expect(logged).toStrictEqual(['writing by url']);
    } finally {
      await page.close();
      await client.close();
      runs.length = 0;
    }
  }, 30_000);

  it('links to publicUrl, refuses a publicUrl with a path, and in JSON-response mode gives even an eliciting client the link', async () => {
    const elsewhere = await serveHttp(executor, {
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      jsonResponse: true,
      publicUrl: 'https://tools.example.com',
    });
    const client = await connect(elsewhere.url, { elicitation: { form: {}, url: {} } });
    let asked = 0;
    client.setRequestHandler(ElicitRequestSchema, () => {
      asked += 1;
      return { action: 'decline' };
    });
    try {
      const refused = (await client.callTool({ name: 'write_note', arguments: { note: 'json' } })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/https:\/\/tools\.example\.com\/approvals\/[0-9a-f-]{36}\?secret=/u);
      expect(asked).toBe(0);
      expect(runs).toStrictEqual([]);
    } finally {
      await client.close();
      await elsewhere.close(1000);
    }
    await expect(
      serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN, publicUrl: 'https://tools.example.com/mcp' }),
    ).rejects.toThrow('publicUrl must be an http or https origin without a path');
  }, 30_000);
});
