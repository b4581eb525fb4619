import { describe, expect, it } from '@jest/globals';
import { Container, inject } from 'inversify';
import {
  agentkitModule,
  AuthRequiredError,
  CREDENTIAL_STORE,
  Tool,
  TOOL_EXECUTOR,
  type CredentialStore,
} from '../../src/index.js';
import { createToolRequest, getCompletedOutput } from '../../src/testing/index.js';

@Tool({ name: 'auth.whoami', description: 'Calls a service that needs a bearer token.' })
class WhoAmI {
  public constructor(@inject(CREDENTIAL_STORE) private readonly credentials: CredentialStore) {}

  public async invoke(): Promise<string> {
    const token = (await this.credentials.get('service:demo'))?.bearerToken;
    if (token === undefined) {
      throw new AuthRequiredError({ provider: 'service:demo', challenge: 'Bearer realm="demo"', scopes: ['read'] });
    }
    return `hello ${token.slice(0, 3)}`;
  }
}

describe(AuthRequiredError.name, () => {
  it('interrupts with auth_required, and the same request completes once the host stores credentials', async () => {
    const container = new Container();
    container.bind(WhoAmI).toSelf();
    container.load(agentkitModule());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    const request = createToolRequest('auth.whoami');

    const first = await executor.execute(request);
    expect(first).toMatchObject({
      status: 'interrupted',
      interruption: {
        type: 'auth_required',
        auth: { provider: 'service:demo', challenge: 'Bearer realm="demo"', scopes: ['read'], callId: request.callId },
      },
    });

    await container.get(CREDENTIAL_STORE).set('service:demo', { bearerToken: 'abc123' });
    expect(getCompletedOutput(await executor.execute(request))).toStrictEqual({ type: 'text', text: 'hello abc' });
  });

  it('is recognized by brand, not by class identity', () => {
    const error = new AuthRequiredError({ provider: 'p', challenge: 'c' });
    expect(AuthRequiredError.is(error)).toBe(true);
    expect(AuthRequiredError.is(new Error('p'))).toBe(false);
    expect(error.message).toBe('Authentication with p is required.');
  });
});
