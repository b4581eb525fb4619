/**
 * The numbered samples in the order `npm run samples` runs them. Each one's test in
 * test/samples runs it once in `npm test`; test/samples/runAll.test.ts checks that this list
 * names every numbered folder and that every entry has such a test.
 */
import { run as helloTool } from './01-hello-tool/index.js';
import { run as permissions } from './02-permissions/index.js';
import { run as nestedTools } from './03-nested-tools/index.js';
import { run as fileSystemTools } from './04-filesystem-tools/index.js';
import { run as shellTool } from './05-shell-tool/index.js';
import { run as mcpTools } from './06-mcp-tools/index.js';
import { run as serveOverMcp } from './07-serve-over-mcp/index.js';
import { run as agentLoop } from './08-agent-loop/index.js';
import { run as askThePerson } from './09-ask-the-person/index.js';
import { run as codeMode } from './10-code-mode/index.js';

/** A sample: its folder name and its `run(log)`. */
export interface Sample {
  readonly name: string;
  readonly run: (log: (line: string) => void) => Promise<unknown>;
}

export const SAMPLES: readonly Sample[] = [
  { name: '01-hello-tool', run: helloTool },
  { name: '02-permissions', run: permissions },
  { name: '03-nested-tools', run: nestedTools },
  { name: '04-filesystem-tools', run: fileSystemTools },
  { name: '05-shell-tool', run: shellTool },
  { name: '06-mcp-tools', run: mcpTools },
  { name: '07-serve-over-mcp', run: serveOverMcp },
  { name: '08-agent-loop', run: agentLoop },
  { name: '09-ask-the-person', run: askThePerson },
  { name: '10-code-mode', run: codeMode },
];
