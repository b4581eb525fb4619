import type { MetadataMap } from '../values/JsonValue.js';

export interface AuthRequiredOptions {
  readonly provider: string;
  readonly challenge: string;
  readonly scopes?: readonly string[];
  readonly metadata?: MetadataMap;
  readonly message?: string;
}

const AUTH_REQUIRED_BRAND: unique symbol = Symbol.for('agentkit-tools-core/AuthRequiredError');

/**
 * Thrown by a tool that needs credentials it does not have. The executor turns it into an
 * `auth_required` interruption instead of a failure.
 */
export class AuthRequiredError extends Error {
  public readonly [AUTH_REQUIRED_BRAND] = true;
  public override readonly name = 'AuthRequiredError';
  public readonly provider: string;
  public readonly challenge: string;
  public readonly scopes: readonly string[] | undefined;
  public readonly metadata: MetadataMap | undefined;

  public constructor(options: AuthRequiredOptions) {
    super(options.message ?? `Authentication with ${options.provider} is required.`);
    this.provider = options.provider;
    this.challenge = options.challenge;
    this.scopes = options.scopes;
    this.metadata = options.metadata;
  }

  public static is(value: unknown): value is AuthRequiredError {
    return typeof value === 'object' && value !== null && (value as Partial<Record<symbol, unknown>>)[AUTH_REQUIRED_BRAND] === true;
  }
}
