import { loadUriTemplate } from './loadUriTemplate.js';
import { ToolConfigurationError, type Constructor } from '../index.js';
import { servedClassRegistry } from './servedClassRegistry.js';
import type { PromptClassInstance, ResourceClassInstance, ResourceTemplateClassInstance } from './ServedClass.js';
import { ServedPrompts, type BuiltPrompt } from './ServedPrompts.js';
import { ServedResources, type BuiltResource, type BuiltResourceTemplate } from './ServedResources.js';

/** What an MCP server serves besides tools: give it to `serveTools` / `serveHttp` as `content`. */
export interface ServedContent {
  /** The `@Resource` and `@ResourceTemplate` classes. */
  readonly resources: ServedResources;
  /** The `@Prompt` classes. */
  readonly prompts: ServedPrompts;
}

/** The part of an Inversify container discovery needs (a `Container` has it). */
export interface ServedContentResolver {
  /** Resolves `serviceIdentifier`, or `undefined` when nothing binds it. */
  get<T>(serviceIdentifier: Constructor<T>, options: { optional: true }): T | undefined;
}

/**
 * Every `@Resource`, `@ResourceTemplate` and `@Prompt` class `container` binds as itself
 * (`container.bind(MyResource).toSelf()`), built once with its dependencies: discovered like
 * `@Tool` classes. Serve them with the tools:
 * `serveHttp(executor, { ..., content: servedContent(container) })`.
 * @throws ToolConfigurationError naming a class that is bound but cannot be built, or two
 * classes with the same resource URI, template or prompt name.
 */
export function servedContent(container: ServedContentResolver): ServedContent {
  const resources: BuiltResource[] = [];
  const templates: BuiltResourceTemplate[] = [];
  const prompts: BuiltPrompt[] = [];
  const taken = new Map<string, string>();
  const claim = (key: string, className: string): void => {
    const other = taken.get(key);
    if (other !== undefined)
      throw new ToolConfigurationError(`${className} and ${other} both serve ${key}: give each its own.`);
    taken.set(key, className);
  };
  for (const [target, entry] of servedClassRegistry) {
    let instance: unknown;
    try {
      instance = container.get(target, { optional: true });
    } catch (error) {
      throw new ToolConfigurationError(
        `${entry.kind} class ${target.name} is bound but cannot be built: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    if (instance === undefined) continue;
    const className = `class ${target.name}`;
    switch (entry.kind) {
      case 'resource':
        claim(`resource ${entry.options.uri}`, className);
        resources.push({ options: entry.options, instance: instance as ResourceClassInstance, className });
        break;
      case 'resourceTemplate':
        claim(`resource template ${entry.options.uriTemplate}`, className);
        templates.push({
          options: entry.options,
          instance: instance as ResourceTemplateClassInstance,
          className,
          template: new (loadUriTemplate('@ResourceTemplate'))(entry.options.uriTemplate),
        });
        break;
      case 'prompt':
        claim(`prompt ${entry.options.name}`, className);
        prompts.push({ options: entry.options, instance: instance as PromptClassInstance, className });
        break;
    }
  }
  return { resources: new ServedResources(resources, templates), prompts: new ServedPrompts(prompts) };
}
