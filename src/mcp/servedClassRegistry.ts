import type { Constructor } from '../index.js';
import type { PromptOptions } from './PromptOptions.js';
import type { ResourceOptions } from './ResourceOptions.js';
import type { ResourceTemplateOptions } from './ResourceTemplateOptions.js';

/** What a served-class decorator recorded about its class. */
export type ServedClassEntry =
  | { readonly kind: 'resource'; readonly options: ResourceOptions }
  | { readonly kind: 'resourceTemplate'; readonly options: ResourceTemplateOptions }
  | { readonly kind: 'prompt'; readonly options: PromptOptions };

/**
 * Every class decorated with `@Resource`, `@ResourceTemplate` or `@Prompt` in this process, in
 * decoration order; `servedContent(container)` builds those the container binds as themselves.
 * Kept on `globalThis` under a registered symbol so two copies of the package share it.
 */
export const servedClassRegistry: Map<Constructor, ServedClassEntry> = ((): Map<Constructor, ServedClassEntry> => {
  const key = Symbol.for('agentkit-tools-core/mcp/servedClassRegistry');
  const holder = globalThis as Record<symbol, Map<Constructor, ServedClassEntry> | undefined>;
  const registry = holder[key] ?? new Map<Constructor, ServedClassEntry>();
  holder[key] = registry;
  return registry;
})();
