import type { ToolSpec } from '../../index.js';
import { buildPlainSchema } from '../schema/buildPlainSchema.js';
import { buildStrictSchema } from './buildStrictSchema.js';
import type { JsonObject } from '../../index.js';

/** The `parameters` and `strict` flag OpenAI gets for one spec. */
export function buildOpenAIParameters(
  spec: ToolSpec,
  strict: boolean,
): { readonly parameters: JsonObject; readonly strict: boolean } {
  const strictSchema = strict ? buildStrictSchema(spec.inputSchema) : undefined;
  return strictSchema === undefined
    ? { parameters: buildPlainSchema(spec.inputSchema), strict: false }
    : { parameters: strictSchema, strict: true };
}
