import { createAgentkitExecutor, createAgentkitSchemaSubject, createAgentkitDtoSubject } from './agentkit.js';
import { createVercelAiSubject } from './vercelAi.js';
const executor = await createAgentkitExecutor();
const ours = process.argv[2] === 'dto' ? createAgentkitDtoSubject(executor) : createAgentkitSchemaSubject(executor);
const ai = createVercelAiSubject();
async function batch(s: { call: (i: number) => Promise<unknown> }, n: number): Promise<number> {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await s.call(i);
  return Number(process.hrtime.bigint() - t) / n;
}
for (let w = 0; w < 30; w++) { await batch(ours, 2000); await batch(ai, 2000); }
const ratios: number[] = []; const a: number[] = []; const b: number[] = [];
for (let r = 0; r < 40; r++) { const x = await batch(ours, 5000); const y = await batch(ai, 5000); a.push(x); b.push(y); ratios.push(x / y); }
const med = (v: number[]) => [...v].sort((p, q) => p - q)[Math.floor(v.length / 2)]!;
console.log(`ours ${med(a).toFixed(0)} ns, ai ${med(b).toFixed(0)} ns, ratio ${med(ratios).toFixed(3)}`);
