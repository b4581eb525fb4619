// README: "Your checker" (a checker in code).
import 'reflect-metadata';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PermissionDecision,
  type PermissionChecker,
  type PermissionContext,
  type PermissionRequest,
} from 'agentkit-tools-core';

/** No shell in this deployment; tools without side effects run; a person approves the rest. */
export class NoShellChecker implements PermissionChecker {
  evaluate(request: PermissionRequest, ctx: PermissionContext): PermissionDecision {
    if (request.kind === 'shell.exec') return PermissionDecision.deny('No shell commands here.', 'no_shell');
    if (request.kind === 'tool.invoke' && request.metadata?.destructiveHint !== true) return PermissionDecision.allow();
    return PermissionDecision.requireApproval(`${ctx.toolName}: ${request.summary()}`);
  }
}

const container = new Container();
container.bind(PERMISSION_CHECKER).to(NoShellChecker).inSingletonScope(); // may be async, may use injected services
container.load(agentkitModule());

export { container };
