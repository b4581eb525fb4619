import { ToolDefinitionError, type Constructor } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import type { ResourceOptions } from './ResourceOptions.js';
import { checkOptionalText, checkText, registerServedClass } from './registerServedClass.js';
import type { ResourceClassInstance } from './ServedClass.js';

/**
 * Declares a class as an MCP resource, served with the tools by `serveTools` / `serveHttp`
 * when the class is bound in the container as itself and the server is given
 * `content: servedContent(container)`. The class implements `read()` and may implement
 * `subscribe(changed)` to announce changes to subscribed clients.
 *
 * @example
 * ```ts
 * import { Resource } from 'agentkit-tools-core/mcp';
 *
 * @Resource({ uri: 'config://app', name: 'app-config', mimeType: 'application/json' })
 * class AppConfig {
 *   read() {
 *     return JSON.stringify({ theme: 'dark' });
 *   }
 * }
 * ```
 */
export function Resource(options: ResourceOptions): (target: Constructor<ResourceClassInstance>) => void {
  return (target) => {
    assertKnownKeys(options, ['uri', 'name', 'title', 'description', 'mimeType'], '@Resource(options)');
    checkText(options.uri, target, '@Resource', 'uri');
    if (!URL.canParse(options.uri))
      throw new ToolDefinitionError(
        `class ${target.name || '(anonymous)'}`,
        `@Resource({ uri }) must be an absolute URI; got ${JSON.stringify(options.uri)}.`,
        'Write a scheme and a path, such as `config://app` or `file:///logs/app.log`.',
      );
    checkText(options.name, target, '@Resource', 'name');
    for (const key of ['title', 'description', 'mimeType'] as const)
      checkOptionalText(options[key], target, '@Resource', key);
    registerServedClass(target, '@Resource', 'read', { kind: 'resource', options: { ...options } });
  };
}
