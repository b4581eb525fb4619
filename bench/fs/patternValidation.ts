import { type JsonObject } from '../../src/index.js';
import { SchemaCompiler } from '../../src/internal/index.js';

/**
 * For the record: what validating one `pattern` keyword costs on each engine (strict schemas,
 * the host's own, keep `RegExp`; lenient ones, written by remote servers, run on the linear-time
 * engine). `node --import @swc-node/register/esm-register bench/fs/patternValidation.ts`
 */
const SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,63}$' },
    email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$' },
  },
};
const INPUT = { name: 'agentkit_tools-core', email: 'someone@example.org' };
const CALLS = 200_000;

for (const strictness of ['strict', 'lenient', 'strict', 'lenient'] as const) {
  const validate = new SchemaCompiler().compile(SCHEMA, 'bench', 'input', strictness);
  if (!validate(INPUT)) throw new Error('the bench input must be valid');
  const started = performance.now();
  for (let call = 0; call < CALLS; call++) validate(INPUT);
  const perCall = ((performance.now() - started) * 1e6) / CALLS;
  console.log(
    `${strictness === 'strict' ? 'RegExp (strict schemas)' : 're2js (lenient schemas)'}: ${perCall.toFixed(0)} ns per validation of two patterns`,
  );
}
