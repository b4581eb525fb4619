import { loadUriTemplate } from './loadUriTemplate.js';
import { ToolDefinitionError, type Constructor } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import type { ResourceTemplateOptions } from './ResourceTemplateOptions.js';
import { checkOptionalText, checkText, registerServedClass } from './registerServedClass.js';
import type { ResourceTemplateClassInstance } from './ServedClass.js';

/**
 * Declares a class as an MCP resource template: every URI matching `uriTemplate` is read by the
 * class's `read(uri, variables)`; `complete(variable, value)` may suggest values for a variable.
 * Served like {@link Resource}. Needs the MCP SDK (`@modelcontextprotocol/sdk`, an optional peer)
 * installed: it parses the template with the SDK's `UriTemplate` when the class is decorated.
 * @throws ToolDefinitionError when the template is not RFC 6570 or a text option is not text;
 * ToolConfigurationError for an unknown option, or when the SDK is not installed.
 *
 * @example
 * ```ts
 * import { ResourceTemplate } from 'agentkit-tools-core/mcp';
 *
 * @ResourceTemplate({ uriTemplate: 'notes://{name}', name: 'note', mimeType: 'text/plain' })
 * class Note {
 *   read(uri: string, { name }: Readonly<Record<string, string>>) {
 *     return `The note ${name}.`;
 *   }
 * }
 * ```
 */
export function ResourceTemplate(
  options: ResourceTemplateOptions,
): (target: Constructor<ResourceTemplateClassInstance>) => void {
  return (target) => {
    assertKnownKeys(options, ['uriTemplate', 'name', 'title', 'description', 'mimeType'], '@ResourceTemplate(options)');
    checkText(options.uriTemplate, target, '@ResourceTemplate', 'uriTemplate');
    // Loaded before the check: a missing SDK is a ToolConfigurationError, not a bad template.
    const UriTemplate = loadUriTemplate('@ResourceTemplate');
    try {
      new UriTemplate(options.uriTemplate);
    } catch (error) {
      throw new ToolDefinitionError(
        `class ${target.name || '(anonymous)'}`,
        `@ResourceTemplate({ uriTemplate }) is not a URI template: ${error instanceof Error ? error.message : String(error)}.`,
        'Write an RFC 6570 template such as `notes://{name}`.',
        { cause: error },
      );
    }
    checkText(options.name, target, '@ResourceTemplate', 'name');
    for (const key of ['title', 'description', 'mimeType'] as const)
      checkOptionalText(options[key], target, '@ResourceTemplate', key);
    registerServedClass(target, '@ResourceTemplate', 'read', { kind: 'resourceTemplate', options: { ...options } });
  };
}
