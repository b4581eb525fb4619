import { describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import {
  agentkitModule,
  PermissionDecision,
  PERMISSION_CHECKER,
  TOOL_EXECUTOR,
  TOOL_SOURCE,
  type Tool,
  type ToolSource,
} from '../../src/index.js';
import { createToolRequest, RecordingPermissionChecker } from '../../src/testing/index.js';
import { plainTool, TestRequest } from '../fixtures/plainTool.js';

describe('TOOL_SOURCE', () => {
  it("hands a source tool's preflight the input its parseInput returned", async () => {
    const base = plainTool({ name: 'parsed_input' });
    const tool: Tool = {
      ...base,
      parseInput: (request) => ({ parsed: request.input }),
      proposedRequests: (_request, input) => [new TestRequest('test.parsed', JSON.stringify(input))],
    };
    const source: ToolSource = { id: 'wrapping-source', loadTools: () => [tool] };
    const checker = new RecordingPermissionChecker(() => PermissionDecision.allow());
    const container = new Container();
    container.bind(TOOL_SOURCE).toConstantValue(source);
    container.bind(PERMISSION_CHECKER).toConstantValue(checker);
    container.load(agentkitModule());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    expect((await executor.execute(createToolRequest('parsed_input', { a: 1 }))).status).toBe('completed');
    expect(checker.records.map((record) => record.request.target)).toStrictEqual(['{"parsed":{"a":1}}']);
  });
});
