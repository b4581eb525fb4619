import type { McpConnection } from './McpConnection.js';
import { toRemoteFailure } from './toRemoteFailure.js';

/**
 * Runs `body` against a server, turning what it throws into a categorized ToolError and
 * resetting the connection when the failure says the transport is gone.
 */
export async function callRemote<T>(connection: McpConnection, what: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (thrown) {
    const failure = toRemoteFailure(thrown, connection.id, what, connection.challenge);
    if (failure.reset) await connection.reset();
    throw failure.error;
  }
}
