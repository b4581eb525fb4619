import { Tool, type ToolContext } from 'agentkit-tools-core';

@Tool({
  name: 'files_count',
  description: 'Counts the files, reporting progress.',
  annotations: { readOnlyHint: true },
})
export class ProgressTool {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const files = ['a.txt', 'b.txt', 'c.txt'];
    for (const [index, file] of files.entries()) {
      ctx.progress({ progress: index + 1, total: files.length, message: `looked at ${file}` });
      await Promise.resolve(); // the real work
    }
    ctx.log('info', `counted ${files.length} files`);
    return `${files.length} files`;
  }
}
