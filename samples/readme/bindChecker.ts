// README: "Binding a permission checker".
import 'reflect-metadata';
import { Container } from 'inversify';
import { agentkitModule, PERMISSION_CHECKER, PolicyPermissionChecker } from 'agentkit-tools-core';

const container = new Container();
container.bind(PERMISSION_CHECKER).toConstantValue(
  new PolicyPermissionChecker({
    rules: [
      { effect: 'allow', kind: 'fs.read' },
      { effect: 'deny', kind: 'fs.*', pattern: '**/.env*' },
      { effect: 'ask', kind: 'shell.exec', pattern: 'git push' },
      { effect: 'allow', kind: 'tool.invoke' }, // tools that describe no side effect
    ],
    fallback: 'ask',
  }),
);
container.load(agentkitModule()); // keeps the checker bound above; or rebind it later

export { container };
