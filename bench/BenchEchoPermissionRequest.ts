import { BasePermissionRequest } from '../src/index.js';

/** The one permission request the benchmarked echo tools preflight per call. */
export class BenchEchoPermissionRequest extends BasePermissionRequest {
  public readonly kind = 'bench.echo';

  public constructor(public override readonly target: string) {
    super();
  }

  public summary(): string {
    return `echo ${this.target.length} characters`;
  }
}
