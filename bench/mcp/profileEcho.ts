/**
 * Profiling aid (not part of `npm run bench`): runs the in-memory remote echo through the
 * executor, or the SDK's callTool, in a tight loop. Run with
 * `node --cpu-prof --import @swc-node/register/esm-register bench/mcp/profileEcho.ts [sdk|ours] [stdio|in-memory]`.
 */
import { createAgentkitEchoSubject, createSdkEchoSubject, type EchoTransportKind } from './echoSubjects.js';

const which = process.argv[2] === 'sdk' ? 'sdk' : 'ours';
const kind: EchoTransportKind = process.argv[3] === 'stdio' ? 'stdio' : 'in-memory';
const subject = which === 'sdk' ? await createSdkEchoSubject(kind) : await createAgentkitEchoSubject(kind);
const calls = kind === 'stdio' ? 5_000 : 50_000;
for (let i = 0; i < calls / 5; i++) await subject.call(i);
const started = performance.now();
for (let i = 0; i < calls; i++) await subject.call(i);
console.log(`${subject.name}: ${(((performance.now() - started) * 1000) / calls).toFixed(2)} µs per call`);
await subject.close();
