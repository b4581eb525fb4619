/**
 * Sample 02: a host's own permission checker, bound in the container. One tool describes its
 * side effect with a custom permission request; the checker allows, denies or asks. The
 * approval survives a JSON round trip (as if stored while a person decides) and resumes the
 * exact same call, once.
 */
import { IsString, MaxLength } from 'class-validator';
import { Container, injectable } from 'inversify';
import {
  agentkitModule,
  BasePermissionRequest,
  PERMISSION_CHECKER,
  PermissionDecision,
  Preflight,
  Tool,
  TOOL_EXECUTOR,
  type ApprovalRequest,
  type PermissionChecker,
  type PermissionRequest,
  type ToolExecutionOutcome,
} from '../../src/index.js';

/** A custom request family: sending an email to one recipient. */
export class SendEmailRequest extends BasePermissionRequest {
  public readonly kind = 'email.send';

  public constructor(public override readonly target: string) {
    super();
  }

  public summary(): string {
    return `send an email to ${this.target}`;
  }
}

class SendEmailInput {
  @IsString()
  @MaxLength(200)
  public to!: string;

  @IsString()
  @MaxLength(2000)
  public body!: string;
}

export const outbox: string[] = [];

@Tool({ name: 'email_send', description: 'Sends an email.', input: SendEmailInput })
export class SendEmailTool {
  @Preflight()
  public preflight(input: SendEmailInput): PermissionRequest {
    return new SendEmailRequest(input.to);
  }

  public invoke(input: SendEmailInput): string {
    outbox.push(`${input.to}: ${input.body}`);
    return `sent to ${input.to}`;
  }
}

/** Colleagues: allowed. Known spam traps: denied. Everyone else: a person decides. */
@injectable()
export class EmailPolicy implements PermissionChecker {
  public evaluate(request: PermissionRequest): PermissionDecision {
    if (request.kind !== 'email.send') return PermissionDecision.allow();
    const to = request.target ?? '';
    if (to.endsWith('@example.com')) return PermissionDecision.allow();
    if (to.startsWith('spam')) return PermissionDecision.deny(`${to} is a known spam trap`, 'spam_trap');
    return PermissionDecision.requireApproval(`${to} is outside the company`);
  }
}

export interface PermissionsReport {
  readonly allowed: ToolExecutionOutcome;
  readonly denied: ToolExecutionOutcome;
  readonly asked: ToolExecutionOutcome;
  readonly resumed: ToolExecutionOutcome;
  readonly replayed: ToolExecutionOutcome;
  readonly outbox: readonly string[];
}

export async function run(log: (line: string) => void = console.log): Promise<PermissionsReport> {
  outbox.length = 0;
  const container = new Container();
  container.bind(PERMISSION_CHECKER).to(EmailPolicy).inSingletonScope();
  container.bind(SendEmailTool).toSelf();
  container.load(agentkitModule());
  const executor = await container.getAsync(TOOL_EXECUTOR);
  const session = { sessionId: 'demo', turnId: 'turn-1', metadata: {} };

  const allowed = await executor.execute({
    ...session,
    callId: 'c1',
    toolName: 'email_send',
    input: { to: 'bob@example.com', body: 'hi' },
  });
  log(`colleague -> ${allowed.status}`);

  const denied = await executor.execute({
    ...session,
    callId: 'c2',
    toolName: 'email_send',
    input: { to: 'spam@trap.io', body: 'hi' },
  });
  if (denied.status === 'failed') log(`spam trap -> ${denied.error.code} (invoked: ${denied.invoked})`);

  const request = {
    ...session,
    callId: 'c3',
    toolName: 'email_send',
    input: { to: 'carol@partner.org', body: 'contract attached' },
  };
  const asked = await executor.execute(request);
  let resumed: ToolExecutionOutcome = asked;
  let replayed: ToolExecutionOutcome = asked;
  if (asked.status === 'interrupted' && asked.interruption.type === 'approval_required') {
    const stored = JSON.stringify(asked.interruption.approval);
    log(`partner -> approval required: ${asked.interruption.approval.reason}`);
    const approval = JSON.parse(stored) as ApprovalRequest;
    resumed = await executor.executeApproved(request, approval);
    log(`approved and resumed -> ${resumed.status}`);
    replayed = await executor.executeApproved(request, approval);
    if (replayed.status === 'failed')
      log(`replayed approval -> ${replayed.error.code} (${JSON.stringify(replayed.error.details.reason)})`);
  }
  log(`outbox: ${JSON.stringify(outbox)}`);
  return { allowed, denied, asked, resumed, replayed, outbox: [...outbox] };
}
