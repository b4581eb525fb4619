import type { CredentialStore, Credentials } from './CredentialStore.js';

/** The default {@link CredentialStore}: a map in memory. */
export class InMemoryCredentialStore implements CredentialStore {
  readonly #credentials = new Map<string, Credentials>();

  public get(provider: string): Credentials | undefined {
    return this.#credentials.get(provider);
  }

  public set(provider: string, credentials: Credentials): void {
    this.#credentials.set(provider, credentials);
  }

  public delete(provider: string): void {
    this.#credentials.delete(provider);
  }
}
