import { createAgentkitDtoSubject, createAgentkitExecutor, createAgentkitSchemaSubject } from './agentkit.js';

/**
 * Calls one of our echo tools in a loop for a few seconds, for a CPU profile:
 *   node --cpu-prof --cpu-prof-dir=/tmp/agentkit-prof \
 *     --import @swc-node/register/esm-register bench/profileExecutor.ts [schema|dto] [seconds]
 */
const which = process.argv[2] === 'dto' ? 'dto' : 'schema';
const seconds = Number(process.argv[3] ?? '4');

const executor = await createAgentkitExecutor();
const subject = which === 'dto' ? createAgentkitDtoSubject(executor) : createAgentkitSchemaSubject(executor);
const deadline = performance.now() + seconds * 1000;
let calls = 0;
while (performance.now() < deadline) {
  for (let i = 0; i < 1000; i++) await subject.call(calls + i);
  calls += 1000;
}
console.log(`${subject.name}: ${calls} calls, ${((seconds * 1e9) / calls).toFixed(0)} ns/call`);
