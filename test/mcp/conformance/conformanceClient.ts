// The fixture client the MCP conformance suite's client scenarios start (`client --command`),
// written only with the public API: `mcpServers` connects to the URL the suite appends, the
// executor lists the server's tools, and every tool the scenario offers is called once
// through `executor.execute` under an allow-all policy (arguments for the known fixture tools).
// Run from source: node --import @swc-node/register/esm-register test/mcp/conformance/conformanceClient.ts <url>
import 'reflect-metadata';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  type JsonObject,
} from 'agentkit-tools-core';
import { mcpServers } from 'agentkit-tools-core/mcp';

/** Arguments for the tools the suite's client scenarios offer. */
const INPUTS: Readonly<Record<string, JsonObject>> = { add_numbers: { a: 5, b: 3 } };

const url = process.argv.at(-1) ?? '';
const container = new Container();
container.bind(PERMISSION_CHECKER).toConstantValue(
  new PolicyPermissionChecker({
    rules: [{ effect: 'allow', kind: 'mcp.invoke_tool', pattern: '**' }],
    fallback: 'deny',
  }),
);
container.load(agentkitModule(), mcpServers({ servers: [{ id: 'suite', transport: { type: 'http', url } }] }));
let failed = false;
try {
  const executor = await container.getAsync(TOOL_EXECUTOR);
  for (const spec of executor.specs()) {
    const remoteName = spec.name.replace(/^mcp_suite_/u, '');
    const outcome = await executor.execute({
      callId: `call-${remoteName}`,
      toolName: spec.name,
      input: INPUTS[remoteName] ?? {},
      sessionId: 'conformance',
      turnId: 't1',
      metadata: {},
    });
    console.log(
      `${remoteName}: ${outcome.status}${outcome.status === 'failed' ? ` ${JSON.stringify(outcome.error)}` : ''}`,
    );
    if (outcome.status !== 'completed') failed = true;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  failed = true;
} finally {
  await container.unbindAllAsync();
}
process.exitCode = failed ? 1 : 0;
