// README: "Resources and prompts". Every ```ts block of the README is a verbatim part of a file in
// this folder; these files are type-checked by `npm test` and run by test/readme.test.ts.
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Container } from 'inversify';
import { agentkitModule, Tool, TOOL_EXECUTOR } from 'agentkit-tools-core';
import { Prompt, Resource, servedContent, serveTools, type ResourceChangeListener } from 'agentkit-tools-core/mcp';

@Resource({ uri: 'notes://today', name: 'today', mimeType: 'text/plain', description: "Today's notes." })
class TodayNotes {
  #text = 'Nothing yet.';
  readonly #subscribers = new Set<ResourceChangeListener>();

  read() {
    return this.#text;
  }

  // Optional: clients that subscribed get notifications/resources/updated on every change.
  subscribe(changed: ResourceChangeListener) {
    this.#subscribers.add(changed);
    return () => this.#subscribers.delete(changed);
  }

  append(line: string) {
    this.#text += `\n${line}`;
    for (const changed of this.#subscribers) changed();
  }
}

@Prompt({
  name: 'summarize',
  description: 'Asks for a summary of a resource.',
  arguments: [{ name: 'uri', description: 'What to summarize', required: true }],
})
class SummarizePrompt {
  get({ uri }: Readonly<Record<string, string>>) {
    return `Summarize ${uri ?? ''} in three bullet points.`;
  }

  // Optional: completion/complete for the prompt's arguments.
  complete(argument: string, value: string) {
    return argument === 'uri' ? ['notes://today'].filter((uri) => uri.startsWith(value)) : [];
  }
}

@Tool({ name: 'note', description: 'Adds a line to the day’s notes.', input: { type: 'object', properties: {} } })
class NoteTool {
  invoke() {
    return 'noted';
  }
}

const container = new Container();
container.bind(TodayNotes).toSelf().inSingletonScope(); // bound classes carrying the decorators are discovered
container.bind(SummarizePrompt).toSelf();
container.bind(NoteTool).toSelf();
container.load(agentkitModule());
const executor = await container.getAsync(TOOL_EXECUTOR);

const [clientSide, serverSide] = InMemoryTransport.createLinkedPair(); // serveHttp(executor, { ..., content }) alike
await serveTools(executor, serverSide, { content: servedContent(container) });
const client = new Client({ name: 'my-client', version: '1.0.0' });
await client.connect(clientSide);
const { contents } = await client.readResource({ uri: 'notes://today' });
// contents: [{ uri: 'notes://today', mimeType: 'text/plain', text: 'Nothing yet.' }]
const { messages } = await client.getPrompt({ name: 'summarize', arguments: { uri: 'notes://today' } });
// messages: [{ role: 'user', content: { type: 'text', text: 'Summarize notes://today in three bullet points.' } }]
await client.close();
await container.unbindAllAsync();

export { contents, messages };
