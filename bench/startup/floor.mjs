// `node bench/startup/floor.mjs <root>`: the floor a host's first call is compared with: ajv
// (strict, the fs_read_file input schema compiled) validating the input, then readFile.
import { Ajv } from 'ajv';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const ajv = new Ajv({ strict: true, allErrors: true });
const validate = ajv.compile({
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 4096 },
    offset: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 100000 },
  },
  required: ['path'],
  additionalProperties: false,
});
const input = { path: 'a.txt' };
if (!validate(input)) throw new Error('invalid input');
const text = await readFile(join(process.argv[2], input.path), 'utf8');
if (text.length === 0) process.exitCode = 1;
