import { createAgentkitDtoSubject, createAgentkitExecutor, createAgentkitSchemaSubject } from './agentkit.js';
import { createAjvDirectSubject, createDirectSubject } from './baselines.js';
import { measureDiscovery } from './discovery.js';
import { verifyEchoSubject, type EchoSubject } from './echo.js';
import { createLangChainSubject } from './langchain.js';
import { measureBurst, measurePerCall, type BurstResult, type PerCallResult } from './measure.js';
import { createMcpSubject } from './mcp.js';
import { createOpenAIAgentsSubject } from './openaiAgents.js';
import {
  describeEnvironment,
  describeLoad,
  renderBursts,
  renderDiscovery,
  renderPerCall,
  renderVerdicts,
} from './report.js';
import { evaluateTargets } from './targets.js';
import { runFsBench } from './fs/run.js';
import { runShellBench } from './shell/run.js';
import { runMcpBench } from './mcp/run.js';
import { runHttpBench } from './http/run.js';
import { runStoresBench } from './stores/run.js';
import { runStartupBench } from './startup/run.js';
import { runPackageBench } from './package/run.js';
import { runCodeBench } from './code/run.js';
import { createVercelAiSubject } from './vercelAi.js';

/**
 * `npm run bench`: every subject in one process, one run. Not part of `npm test`: timings
 * are reported, never asserted in tests.
 */
const PER_CALL = { warmupMs: 400, batchMs: 25, rounds: 41 } as const;
const BURST = { size: 1000, warmupRounds: 3, rounds: 21 } as const;
const DISCOVERY = { toolCount: 1000, rounds: 9 } as const;

function byName<T extends { readonly name: string }>(rows: readonly T[], name: string): T {
  const row = rows.find((candidate) => candidate.name === name);
  if (row === undefined) throw new Error(`no result named ${name}`);
  return row;
}

async function runCoreBench(): Promise<void> {
  // First, while the process is fresh: the start-up a host pays once.
  console.log(`\nDiscovery: ${DISCOVERY.toolCount} generated tool classes, ${DISCOVERY.rounds} fresh containers ...`);
  const discovery = await measureDiscovery(DISCOVERY);

  const executor = await createAgentkitExecutor();
  const direct = createDirectSubject();
  const ajvDirect = createAjvDirectSubject();
  const schema = createAgentkitSchemaSubject(executor);
  const dto = createAgentkitDtoSubject(executor);
  const peers: EchoSubject[] = [
    createOpenAIAgentsSubject(),
    createVercelAiSubject(),
    createLangChainSubject(),
    await createMcpSubject(),
  ];
  const subjects = [direct, ajvDirect, schema, dto, ...peers];
  for (const subject of subjects) await verifyEchoSubject(subject);

  console.log(
    `Per call: ${subjects.length} subjects, ${PER_CALL.rounds} round-robin rounds of ~${PER_CALL.batchMs} ms batches ...`,
  );
  const perCall: PerCallResult[] = await measurePerCall(subjects, PER_CALL);
  console.log(`Bursts: ${BURST.size} concurrent calls, ${BURST.rounds} round-robin rounds ...`);
  const bursts: BurstResult[] = await measureBurst(subjects, BURST);
  for (const peer of peers) await peer.close?.();

  const reference = byName(perCall, ajvDirect.name);
  console.log(`\n${renderPerCall(perCall, reference)}`);
  console.log(`\n${renderBursts(bursts, byName(bursts, ajvDirect.name))}`);
  console.log(`\n${renderDiscovery(discovery)}`);

  const verdicts = evaluateTargets({
    reference,
    schemaCall: byName(perCall, schema.name),
    dtoCall: byName(perCall, dto.name),
    peerCalls: peers.map((peer) => byName(perCall, peer.name)),
    schemaBurst: byName(bursts, schema.name),
    dtoBurst: byName(bursts, dto.name),
    peerBursts: peers.map((peer) => byName(bursts, peer.name)),
    discovery,
  });
  console.log(`\nTargets (medians of this run)\n${renderVerdicts(verdicts)}`);
  console.log(`\nAt the end: ${describeLoad()}`);
}

/** Every section, in order; `npm run bench -- shell` runs only the named ones. */
const SECTIONS: Readonly<Record<string, () => Promise<unknown>>> = {
  core: runCoreBench,
  fs: () => runFsBench(),
  shell: () => runShellBench(),
  mcp: () => runMcpBench(),
  http: () => runHttpBench(),
  stores: () => runStoresBench(),
  startup: () => runStartupBench(),
  package: () => runPackageBench(),
  code: () => runCodeBench(),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in SECTIONS));
if (unknown.length > 0)
  throw new Error(`unknown bench section(s) ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
console.log(describeEnvironment());
for (const [name, run] of Object.entries(SECTIONS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n##### ${name} #####`);
  await run();
}
