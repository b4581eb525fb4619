import { injectable } from 'inversify';
import { assertConstructorMetadata } from './assertConstructorMetadata.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { toolClassRegistry } from '../metadata/toolClassRegistry.js';
import { updateOwnToolClassMetadata } from '../metadata/updateOwnToolClassMetadata.js';
import type { Constructor } from '../metadata/Constructor.js';
import { buildToolDefinition } from './buildToolDefinition.js';
import type { ToolOptionsInput } from './InferToolInput.js';
import type { ToolClass } from './ToolClass.js';
import type { ToolOptions } from './ToolOptions.js';
import type { Tool as ToolInterface } from '../contract/Tool.js';

/**
 * Declares a class as a tool. The class needs an `invoke(input, ctx)` method; it becomes
 * injectable (no `@injectable()` needed) and is discovered when bound in the container.
 * Options are checked now: a mistake throws `ToolDefinitionError` naming the class.
 *
 * Typed: `invoke`'s input parameter must accept what `input` declares (an instance of the DTO
 * class, or the type of a literal JSON Schema, see `InferToolInput`), so
 * `@Tool({ input: EchoInput })` on a class with `invoke(input: number)` does not compile.
 */
export function Tool<const TOptions extends ToolOptions>(
  options: TOptions,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the public signature in the API report (etc/api) stays as it is.
): <TClass extends ToolClass<ToolOptionsInput<TOptions>>>(target: TClass) => void {
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
    assertConstructorMetadata(target, subject);
    toolClassRegistry.add(target);
    // The class itself, unchanged (typed `void` so a mistyped class reports one error, not two).
    return target;
  }) as (target: unknown) => void;
}

/** The {@link ToolInterface} a plain object implements; shares its name with the decorator. */
export type Tool = ToolInterface;
