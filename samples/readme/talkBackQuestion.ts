import { Tool, type ToolContext } from 'agentkit-tools-core';

@Tool({ name: 'files_pick', description: 'Asks which file the user meant.' })
export class PickFileTool {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    // Ask before any side effect: a resumed call runs again from its start.
    const answer = await ctx.elicit({
      message: 'Which file did you mean?',
      schema: {
        type: 'object',
        properties: { file: { type: 'string', enum: ['a.txt', 'b.txt'] } },
        required: ['file'],
      },
    });
    return answer.action === 'accept' ? `you meant ${answer.content['file'] as string}` : 'no file chosen';
  }
}
