// README: "Your own tools in the bin". Every ```ts block of the README is a verbatim part of a file in
// this folder; these files are type-checked by `npm test` and run by test/readme.test.ts (which serves
// this module as the bin does; test/mcp/agentkitToolsServe.modules.test.ts runs the bin with modules).
import { ContainerModule, injectable } from 'inversify';
import { Tool } from 'agentkit-tools-core';
import { Prompt, Resource } from 'agentkit-tools-core/mcp';

@injectable()
class Glossary {
  readonly terms = new Map([['mcp', 'Model Context Protocol']]);
}

@Tool({
  name: 'glossary_define',
  description: 'Defines a term of the glossary.',
  input: { type: 'object', properties: { term: { type: 'string' } }, required: ['term'] },
  annotations: { readOnlyHint: true },
})
class DefineTool {
  constructor(private readonly glossary: Glossary) {}

  invoke({ term }: { term: string }) {
    return this.glossary.terms.get(term) ?? `No term ${term}.`;
  }
}

@Resource({ uri: 'glossary://terms', name: 'terms', mimeType: 'text/plain' })
class Terms {
  constructor(private readonly glossary: Glossary) {}

  read() {
    return [...this.glossary.terms.keys()].join('\n');
  }
}

@Prompt({ name: 'explain', arguments: [{ name: 'term', required: true }] })
class Explain {
  get({ term }: Readonly<Record<string, string>>) {
    return `Explain ${term ?? ''} to a newcomer.`;
  }
}

// dist/glossary.js: served by `agentkit-tools serve --root . --module dist/glossary.js`
export default new ContainerModule(({ bind }) => {
  bind(Glossary).toSelf().inSingletonScope();
  bind(DefineTool).toSelf();
  bind(Terms).toSelf();
  bind(Explain).toSelf();
});
