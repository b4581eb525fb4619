import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import { getToolClassMetadata } from '../metadata/getToolClassMetadata.js';
import { toolClassRegistry } from '../metadata/toolClassRegistry.js';
import type { Constructor } from '../metadata/Constructor.js';
import { ClassTool } from './ClassTool.js';

/** The part of Inversify's resolution context discovery needs. */
export interface OptionalResolver {
  get<T>(serviceIdentifier: Constructor<T>, options: { optional: true }): T | undefined;
}

/** What discovery found in one container. */
export interface ToolClassDiscovery {
  /** The `@Tool` classes bound as themselves, built and adapted to the Tool interface. */
  readonly tools: ClassTool[];
  /** Decorated classes (by any copy of this package) that are not bound as themselves. */
  readonly unbound: Constructor[];
}

/**
 * Every `@Tool` class bound in the container (as itself), instantiated with its dependencies
 * and adapted to the Tool interface, and the decorated classes that are not bound.
 * @throws ToolConfigurationError naming the class when one cannot be built.
 */
export function discoverToolClasses(resolver: OptionalResolver): ToolClassDiscovery {
  const tools: ClassTool[] = [];
  const unbound: Constructor[] = [];
  for (const target of toolClassRegistry.values()) {
    let instance: unknown;
    try {
      instance = resolver.get(target, { optional: true });
    } catch (error) {
      throw new ToolConfigurationError(
        `Tool class ${target.name} is bound but cannot be built: ${error instanceof Error ? error.message : String(error)}\nBind every dependency its constructor injects before resolving the executor.`,
        { cause: error },
      );
    }
    if (instance === undefined) {
      unbound.push(target);
      continue;
    }
    const metadata = getToolClassMetadata(target);
    if (metadata?.definition === undefined) continue;
    tools.push(
      new ClassTool(
        instance as ConstructorParameters<typeof ClassTool>[0],
        metadata.definition,
        metadata.preflightMethod,
      ),
    );
  }
  return { tools, unbound };
}
