import { injectable } from 'inversify';
import { ToolDefinitionError, type Constructor } from '../index.js';
import { servedClassRegistry, type ServedClassEntry } from './servedClassRegistry.js';

/** Checks the class a served-class decorator is on, makes it injectable and records it. */
export function registerServedClass(
  target: Constructor,
  decorator: string,
  method: 'read' | 'get',
  entry: ServedClassEntry,
): void {
  const subject = `class ${target.name || '(anonymous)'}`;
  const prototype = target.prototype as Record<string, unknown> | undefined;
  if (typeof prototype?.[method] !== 'function')
    throw new ToolDefinitionError(
      subject,
      `${decorator} classes need a ${method}() method.`,
      `Add \`${method}(...)\`.`,
    );
  if (servedClassRegistry.has(target))
    throw new ToolDefinitionError(subject, `it has two served-class decorators.`, 'Keep one of them.');
  try {
    injectable()(target);
  } catch (error) {
    throw new ToolDefinitionError(
      subject,
      `${decorator} already makes the class injectable.`,
      'Remove @injectable().',
      {
        cause: error,
      },
    );
  }
  servedClassRegistry.set(target, entry);
}

/** A non-empty string option, or a ToolDefinitionError naming it. */
export function checkText(value: unknown, target: Constructor, decorator: string, key: string): void {
  if (typeof value !== 'string' || value.trim() === '')
    throw new ToolDefinitionError(
      `class ${target.name || '(anonymous)'}`,
      `${decorator}({ ${key} }) must be a non-empty string; got ${JSON.stringify(value)}.`,
      `Give ${key}.`,
    );
}

/** An optional string option, or a ToolDefinitionError naming it. */
export function checkOptionalText(value: unknown, target: Constructor, decorator: string, key: string): void {
  if (value !== undefined) checkText(value, target, decorator, key);
}
