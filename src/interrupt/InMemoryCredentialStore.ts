import type { CredentialStore, Credentials } from './CredentialStore.js';

/** The default {@link CredentialStore}: a map in memory. */
export class InMemoryCredentialStore implements CredentialStore {
  readonly #credentials = new Map<string, Credentials>();

  /** {@inheritDoc CredentialStore.get} */
  public get(provider: string): Credentials | undefined {
    return this.#credentials.get(provider);
  }

  /** {@inheritDoc CredentialStore.set} */
  public set(provider: string, credentials: Credentials): void {
    this.#credentials.set(provider, credentials);
  }

  /** {@inheritDoc CredentialStore.delete} */
  public delete(provider: string): void {
    this.#credentials.delete(provider);
  }
}
