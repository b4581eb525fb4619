/**
 * A service the host already has (here: who owns which folder), injected into a tool by the
 * container. A real one would query a directory server; the tool does not change.
 */
export class OwnersDirectory {
  public constructor(private readonly owners: Readonly<Record<string, string>>) {}

  /** The owner of the longest folder prefix of `path`, or `undefined`. */
  public findOwner(path: string): string | undefined {
    const prefix = Object.keys(this.owners)
      .filter((folder) => path.startsWith(folder))
      .sort((a, b) => b.length - a.length)[0];
    return prefix === undefined ? undefined : this.owners[prefix];
  }
}
