import type { MetadataMap } from '../values/JsonValue.js';

/** What a tool says when it throws {@link AuthRequiredError}; it becomes the {@link AuthRequest}. */
export interface AuthRequiredOptions {
  /** Whom to authenticate with: where the host stores the credentials in the `CredentialStore`. */
  readonly provider: string;
  /** What the other side asked for (a `WWW-Authenticate` header value, for example). */
  readonly challenge: string;
  /** The scopes needed, when known. */
  readonly scopes?: readonly string[];
  /** Data for the host (an authorization URL, for example). */
  readonly metadata?: MetadataMap;
  /** The error's message; default `Authentication with <provider> is required.` */
  readonly message?: string;
}

const AUTH_REQUIRED_BRAND: unique symbol = Symbol.for('agentkit-tools-core/AuthRequiredError');

/**
 * Thrown by a tool that needs credentials it does not have. The executor turns it into an
 * `auth_required` interruption instead of a failure.
 */
export class AuthRequiredError extends Error {
  /** The brand {@link AuthRequiredError.is} checks (it works across copies of the package). */
  public readonly [AUTH_REQUIRED_BRAND] = true;
  /** Always `AuthRequiredError`. */
  public override readonly name = 'AuthRequiredError';
  /** {@inheritDoc AuthRequiredOptions.provider} */
  public readonly provider: string;
  /** {@inheritDoc AuthRequiredOptions.challenge} */
  public readonly challenge: string;
  /** {@inheritDoc AuthRequiredOptions.scopes} */
  public readonly scopes: readonly string[] | undefined;
  /** {@inheritDoc AuthRequiredOptions.metadata} */
  public readonly metadata: MetadataMap | undefined;

  /** @param options - the provider, the challenge and what else the host should know. */
  public constructor(options: AuthRequiredOptions) {
    super(options.message ?? `Authentication with ${options.provider} is required.`);
    this.provider = options.provider;
    this.challenge = options.challenge;
    this.scopes = options.scopes;
    this.metadata = options.metadata;
  }

  /** Whether `value` is an `AuthRequiredError` (by brand, not `instanceof`). */
  public static is(value: unknown): value is AuthRequiredError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Partial<Record<symbol, unknown>>)[AUTH_REQUIRED_BRAND] === true
    );
  }
}
