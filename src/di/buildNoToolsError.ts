import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import { getToolClassMetadata } from '../metadata/getToolClassMetadata.js';
import type { Constructor } from '../metadata/Constructor.js';

const LISTED = 10;

function describeClass(target: Constructor): string {
  const name = getToolClassMetadata(target)?.definition?.spec.name;
  return name === undefined ? target.name : `${target.name} ("${name}")`;
}

/**
 * The error of a container that would give the executor no tool at all: no `@Tool` class bound
 * as itself and no `TOOL_SOURCE`. Names the decorated classes it could have meant and the ways
 * a class is missed (a binding under another service id, an undecorated subclass).
 */
export function buildNoToolsError(unbound: readonly Constructor[]): ToolConfigurationError {
  const example = unbound[0]?.name ?? 'EchoTool';
  const listed = unbound.slice(0, LISTED).map(describeClass).join(', ');
  const more = unbound.length > LISTED ? `, and ${unbound.length - LISTED} more` : '';
  return new ToolConfigurationError(
    'The container has no tools: no @Tool class is bound in it as itself, and no TOOL_SOURCE is bound.' +
      (unbound.length === 0
        ? ' No class has been decorated with @Tool either.'
        : ` Decorated but not bound as themselves: ${listed}${more}.`) +
      `\nBind each tool class as itself: \`container.bind(${example}).toSelf()\`.` +
      ` A class bound only under another service id is not discovered: bind it as itself, and the other id to it with \`container.bind(ID).toService(${example})\`.` +
      ' A subclass of a @Tool class is discovered only with its own @Tool({ name, description }), or bound under its base class: `container.bind(BaseTool).to(SubTool)`.',
  );
}
