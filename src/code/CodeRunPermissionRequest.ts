import { createHash } from 'node:crypto';
import { BasePermissionRequest, type PolicySubjects } from '../index.js';
import { quoteForDisplay } from '../internal/index.js';

/**
 * `code.run`: what `code_run`'s preflight asks for, naming the script (its digest, size and a
 * display-quoted start; `target` is the whole script). Running the script touches nothing outside its isolate; each tool
 * it calls is checked on its own. Its subjects are a plain tool call of `code_run`, so the
 * default checker allows it (unless the tool's hints say otherwise) and a policy can match it
 * by tool name or kind.
 */
export class CodeRunPermissionRequest extends BasePermissionRequest {
  /** Always `code.run`. */
  public readonly kind = 'code.run';
  /** The whole script (the summary shows its start). */
  public override readonly target: string;
  /** The script's SHA-256, its length and its line count. */
  public override readonly metadata: { readonly sha256: string; readonly chars: number; readonly lines: number };
  readonly #subjects: PolicySubjects;

  /** @param toolName - the code tool's name; @param code - the script. */
  public constructor(toolName: string, code: string) {
    super();
    this.target = code;
    this.metadata = Object.freeze({
      sha256: createHash('sha256').update(code, 'utf8').digest('hex'),
      chars: code.length,
      lines: code.split('\n').length,
    });
    this.#subjects = Object.freeze({ tool: Object.freeze({ name: toolName }) });
  }

  /** `run a script of N lines (sha256 …): <its start>`. */
  public summary(): string {
    const { lines, sha256 } = this.metadata;
    return `run a script of ${lines} line${lines === 1 ? '' : 's'} (sha256 ${sha256.slice(0, 12)}): ${quoteForDisplay(this.target)}`;
  }

  /** A plain call of the code tool. */
  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }
}
