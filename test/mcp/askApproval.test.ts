import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { askApproval } from '../../src/mcp/askApproval.js';

/**
 * The SDK's server compiles the `requestedSchema` of every accepted elicitation with ajv, whose
 * cache is keyed by the schema object: a fresh object per question is compiled again and kept
 * for the session's life (found by `npm run bench:load`: ~4 KB of server heap per accepted question).
 */
describe(askApproval.name, () => {
  let server: Server;
  let client: Client;
  const seen: JsonSchemaType[] = [];

  beforeAll(async () => {
    const ajv = new AjvJsonSchemaValidator();
    // The SDK's own validator, recording which schema objects it is handed.
    const recording: jsonSchemaValidator = {
      getValidator: (schema) => {
        seen.push(schema);
        return ajv.getValidator(schema);
      },
    };
    server = new Server(
      { name: 'ask-approval-test', version: '1.0.0' },
      { capabilities: {}, jsonSchemaValidator: recording },
    );
    client = new Client({ name: 'ask-approval-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, (request) => ({
      action: 'accept',
      content: { approve: !request.params.message.includes('no') },
    }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  });

  afterAll(async () => {
    await Promise.all([client.close(), server.close()]);
  });

  it('is true only for an explicit yes, and hands the SDK one schema object for every question', async () => {
    const signal = new AbortController().signal;

    const answers = [
      await askApproval(server, 'yes please', signal, 1),
      await askApproval(server, 'say no', signal, 2),
      await askApproval(server, 'yes again', signal, 3),
    ];

    expect(answers).toStrictEqual([true, false, true]);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
  });
});
