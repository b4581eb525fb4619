import type { RegisteredTool } from '../registry/RegisteredTool.js';
import type { ApprovalRun } from './ApprovalRun.js';
import type { ExecutionFrame } from './ExecutionFrame.js';
import type { Abortable } from './runWithDeadline.js';
import type { ToolRequest } from '../contract/ToolRequest.js';

/**
 * One call on its way through the executor's pipeline. Before its body starts, the checks run
 * against the call's own deadline; `abort` (the deadline passed, or the caller cancelled)
 * marks the call stopped, and a stopped call writes nothing more to the approval store and
 * never starts its body, whatever a slow checker or store answers later.
 */
export class ExecutorCall implements Abortable {
  /** The parsed input, once `parseInput` ran. */
  public input: unknown;
  /** The approval a resumed call carries, once the store confirmed it. */
  public run: ApprovalRun | undefined = undefined;
  public stopped = false;

  public constructor(
    public readonly entry: RegisteredTool,
    public readonly request: ToolRequest,
    public frame: ExecutionFrame,
    public readonly started: number,
    public readonly signal: AbortSignal | undefined,
    public readonly timeoutMs: number,
  ) {
    this.input = request.input;
  }

  /** The deadline of the checks before the body (the body gets a budget of its own). */
  public get checksDeadline(): number {
    return this.started + this.timeoutMs;
  }

  public abort(): void {
    this.stopped = true;
  }
}
