import { createAgentkitExecutor, createAgentkitSchemaSubject } from './agentkit.js';
import { createVercelAiSubject } from './vercelAi.js';
const executor = await createAgentkitExecutor();
const subjects = { ours: createAgentkitSchemaSubject(executor), ai: createVercelAiSubject() };
for (const [name, s] of Object.entries(subjects)) {
  for (let i = 0; i < 20000; i++) await s.call(i);
  const n = 2000;
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < n; i++) await s.call(i);
  const after = process.memoryUsage().heapUsed;
  console.log(name, ((after - before) / n).toFixed(0), 'bytes/call');
}
