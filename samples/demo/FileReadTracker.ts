import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { ReadTracker, type FileSnapshot } from '../../src/fs/index.js';

type Saved = Record<string, Record<string, FileSnapshot>>;

/**
 * The fs tools' read-before-write memory, kept in a JSON file so that an edit approved in a new
 * process still knows the model read the file (and at which version: the edit is refused if
 * the file changed since). The default `ReadTracker` is in memory: enough for one process.
 */
export class FileReadTracker extends ReadTracker {
  public constructor(private readonly file: string) {
    super();
    const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Saved) : {};
    for (const [sessionId, paths] of Object.entries(saved)) {
      for (const [canonicalPath, snapshot] of Object.entries(paths)) super.record(sessionId, canonicalPath, snapshot);
    }
  }

  public override record(sessionId: string, canonicalPath: string, snapshot: FileSnapshot): void {
    super.record(sessionId, canonicalPath, snapshot);
    this.#update((saved) => {
      saved[sessionId] = { ...saved[sessionId], [canonicalPath]: snapshot };
    });
  }

  public override forget(sessionId: string, canonicalPath: string): void {
    super.forget(sessionId, canonicalPath);
    this.#update((saved) => {
      delete saved[sessionId]?.[canonicalPath];
    });
  }

  public override clearSession(sessionId: string): void {
    super.clearSession(sessionId);
    this.#update((saved) => {
      delete saved[sessionId];
    });
  }

  #update(change: (saved: Saved) => void): void {
    const saved = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Saved) : {};
    change(saved);
    writeFileSync(`${this.file}.tmp`, JSON.stringify(saved));
    renameSync(`${this.file}.tmp`, this.file);
  }
}
