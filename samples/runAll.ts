/**
 * `npm run samples`: runs every sample in order and prints what each shows. Embedded defaults only,
 * no network.
 */
import { run as helloTool } from './01-hello-tool/index.js';
import { run as permissions } from './02-permissions/index.js';
import { run as nestedTools } from './03-nested-tools/index.js';
import { run as fileSystemTools } from './04-filesystem-tools/index.js';
import { run as shellTool } from './05-shell-tool/index.js';
import { run as mcpTools } from './06-mcp-tools/index.js';
import { run as serveOverMcp } from './07-serve-over-mcp/index.js';
import { run as agentLoop } from './08-agent-loop/index.js';

const samples: readonly (readonly [string, (log: (line: string) => void) => Promise<unknown>])[] = [
  ['01-hello-tool', helloTool],
  ['02-permissions', permissions],
  ['03-nested-tools', nestedTools],
  ['04-filesystem-tools', fileSystemTools],
  ['05-shell-tool', shellTool],
  ['06-mcp-tools', mcpTools],
  ['07-serve-over-mcp', serveOverMcp],
  ['08-agent-loop', agentLoop],
];

for (const [name, run] of samples) {
  console.log(`\n=== ${name} ===`);
  await run((line) => console.log(`  ${line.replace(/\n/g, '\n  ')}`));
}
