/**
 * An HTTP 401 from a Streamable HTTP server, with what its `WWW-Authenticate` header asked for.
 * Thrown by the transport's fetch; the tool turns it into an `auth_required` interruption.
 */
export class McpHttpAuthError extends Error {
  public override readonly name = 'McpHttpAuthError';

  public constructor(
    public readonly challenge: string,
    public readonly resourceMetadataUrl: string | undefined,
    public readonly scopes: readonly string[] | undefined,
  ) {
    super(`The MCP server answered HTTP 401 Unauthorized${challenge === '' ? '' : ` (${challenge})`}.`);
  }

  /** Reads the challenge of a 401 response. */
  public static fromResponse(response: Response): McpHttpAuthError {
    const challenge = response.headers.get('www-authenticate') ?? '';
    const resourceMetadataUrl = /resource_metadata="([^"]*)"/iu.exec(challenge)?.[1];
    const scope = /scope="([^"]*)"/iu.exec(challenge)?.[1];
    return new McpHttpAuthError(
      challenge,
      resourceMetadataUrl,
      scope === undefined || scope === '' ? undefined : scope.split(' '),
    );
  }

  /** Finds this error in `error` or its causes (the SDK may wrap it). */
  public static find(error: unknown): McpHttpAuthError | undefined {
    for (
      let current: unknown = error, depth = 0;
      current instanceof Error && depth < 5;
      current = current.cause, depth += 1
    ) {
      if (current instanceof McpHttpAuthError) return current;
    }
    return undefined;
  }
}
