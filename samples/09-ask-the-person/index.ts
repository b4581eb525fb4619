/**
 * Sample 09: a tool that talks back. `notes_clean` reports progress as it scans, and asks the
 * person which of two notes to delete before it deletes anything. No host handler is bound, so
 * the call ends `interrupted` with an `input_required` interruption: plain JSON the host can
 * store, show and answer later. `executor.executeWithInput` resumes the exact call once: the
 * call runs again from its start and the question gets the recorded answer, so the tool asks
 * before its side effects (the delete happens only in the resumed run).
 */
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  Tool,
  TOOL_EXECUTOR,
  type InputRequest,
  type JsonObject,
  type ToolContext,
  type ToolEvent,
  type ToolExecutionOutcome,
} from '../../src/index.js';

export const notes = new Map<string, string>();

const WHICH_NOTE: JsonObject = {
  type: 'object',
  properties: { note: { type: 'string', title: 'Note to delete', enum: ['draft.md', 'draft-old.md'] } },
  required: ['note'],
};

@Tool({ name: 'notes_clean', description: 'Finds duplicate drafts and deletes the one the user picks.' })
export class CleanNotesTool {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const names = [...notes.keys()];
    names.forEach((name, index) => {
      ctx.progress({ progress: index + 1, total: names.length, message: `scanned ${name}` });
    });
    // Ask first: everything before this line runs again when the call is resumed.
    const answer = await ctx.elicit({
      message: 'Two drafts look alike. Which one should I delete?',
      schema: WHICH_NOTE,
    });
    if (answer.action !== 'accept') return `kept both drafts (${answer.action})`;
    const note = answer.content['note'] as string;
    notes.delete(note);
    ctx.log('info', `deleted ${note}`);
    return `deleted ${note}; left ${[...notes.keys()].join(', ')}`;
  }
}

export interface AskThePersonReport {
  readonly first: ToolExecutionOutcome;
  readonly resumed: ToolExecutionOutcome;
  readonly events: readonly ToolEvent[];
  readonly notes: readonly string[];
}

export async function run(log: (line: string) => void = console.log): Promise<AskThePersonReport> {
  notes.clear();
  for (const name of ['draft.md', 'draft-old.md', 'todo.md']) notes.set(name, `# ${name}`);
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(new PolicyPermissionChecker({ rules: [], fallback: 'allow' }));
  container.bind(CleanNotesTool).toSelf();
  container.load(agentkitModule());
  const executor = await container.getAsync(TOOL_EXECUTOR);
  const events: ToolEvent[] = [];
  const onEvent = (event: ToolEvent): void => {
    events.push(event);
    if (event.type === 'progress')
      log(`  progress ${String(event.progress)}/${String(event.total)}: ${event.message ?? ''}`);
    if (event.type === 'log') log(`  log ${event.level}: ${JSON.stringify(event.data)}`);
  };
  const request = {
    callId: 'clean-1',
    toolName: 'notes_clean',
    input: {},
    sessionId: 's1',
    turnId: 't1',
    metadata: {},
  };

  const first = await executor.execute(request, { onEvent });
  let resumed = first;
  if (first.status === 'interrupted' && first.interruption.type === 'input_required') {
    // Plain JSON: it could wait in a database while the person decides.
    const input = JSON.parse(JSON.stringify(first.interruption.input)) as InputRequest;
    log(`paused: ${input.toolName} asks ${JSON.stringify(input.message)} (answer by ${input.expiresAt})`);
    log(`notes still there: ${[...notes.keys()].join(', ')}`);
    resumed = await executor.executeWithInput(
      request,
      input,
      { action: 'accept', content: { note: 'draft-old.md' } },
      { onEvent },
    );
  }
  if (resumed.status === 'completed') log(`resumed -> ${JSON.stringify(resumed.result.result.output)}`);
  await executor.close();
  return { first, resumed, events, notes: [...notes.keys()] };
}
