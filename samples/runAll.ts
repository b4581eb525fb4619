/**
 * `npm run samples`: runs every sample in order and prints what each shows. Embedded defaults only,
 * no network. `npm run samples -- --list` loads every sample and prints their names without
 * running any (test/samples/runAll.test.ts uses it: the samples themselves run once, in their own tests).
 */
import { SAMPLES } from './SAMPLES.js';

if (process.argv.includes('--list')) {
  for (const { name } of SAMPLES) console.log(name);
} else {
  for (const { name, run } of SAMPLES) {
    console.log(`\n=== ${name} ===`);
    await run((line) => {
      console.log(`  ${line.replace(/\n/g, '\n  ')}`);
    });
  }
}
