import { injectable } from 'inversify';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { toolClassRegistry } from '../metadata/toolClassRegistry.js';
import { updateOwnToolClassMetadata } from '../metadata/updateOwnToolClassMetadata.js';
import type { Constructor } from '../metadata/Constructor.js';
import { buildToolDefinition } from './buildToolDefinition.js';
import type { ToolOptions } from './ToolOptions.js';
import type { Tool as ToolInterface } from '../contract/Tool.js';

/**
 * Declares a class as a tool. The class needs an `invoke(input, ctx)` method; it becomes
 * injectable (no `@injectable()` needed) and is discovered when bound in the container.
 * Options are checked now: a mistake throws `ToolDefinitionError` naming the class.
 */
export function Tool(options: ToolOptions): ClassDecorator {
  return ((target: Constructor): Constructor => {
    const subject = `class ${target.name || '(anonymous)'}`;
    const prototype = target.prototype as Record<string, unknown> | undefined;
    if (typeof prototype?.invoke !== 'function') {
      throw new ToolDefinitionError(
        subject,
        '@Tool() classes need an invoke(input, ctx) method.',
        'Add `async invoke(input, ctx) { ... }` returning a string, a JSON value or a ToolOutput.',
      );
    }
    const definition = buildToolDefinition(options, subject);
    updateOwnToolClassMetadata(target, (current) => ({ ...current, definition }));
    try {
      injectable()(target);
    } catch (error) {
      throw new ToolDefinitionError(subject, '@Tool() already makes the class injectable.', 'Remove @injectable() from it.', { cause: error });
    }
    toolClassRegistry.add(target);
    return target;
  }) as ClassDecorator;
}

/** The {@link ToolInterface} a plain object implements; shares its name with the decorator. */
export type Tool = ToolInterface;
