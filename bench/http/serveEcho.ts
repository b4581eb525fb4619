import { Container } from 'inversify';
import { agentkitModule, PERMISSION_CHECKER, PermissionDecision, TOOL_EXECUTOR } from '../../src/index.js';
import { serveHttp } from '../../src/mcp/index.js';
import { SchemaEchoTool } from '../agentkitTools.js';

/**
 * The bench's `serve --http`: the bin's own `serveHttp` (auth, sessions, the executor's full
 * path: validation, a permission check, rendering) serving the bench echo tool instead of the
 * filesystem built-ins, in its own process as server-everything runs in its own. Prints
 * `listening on <url>` like the bin. Token: `$AGENTKIT_SERVE_TOKEN`; `AGENTKIT_SERVE_JSON=1` answers
 * in JSON-response mode.
 */
const container = new Container();
container.bind(PERMISSION_CHECKER).toConstantValue({ evaluate: () => PermissionDecision.allow() });
container.bind(SchemaEchoTool).toSelf();
container.load(agentkitModule());
const executor = await container.getAsync(TOOL_EXECUTOR);
const served = await serveHttp(executor, {
  host: '127.0.0.1',
  port: 0,
  token: process.env['AGENTKIT_SERVE_TOKEN'] ?? '',
  jsonResponse: process.env['AGENTKIT_SERVE_JSON'] === '1',
});
process.stderr.write(`listening on ${served.url}\n`);
process.once('SIGTERM', () => void served.close(1000).then(() => executor.close()));
