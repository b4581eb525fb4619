import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of the model: what the real tree holds at a path. */
export type ModelNode =
  { readonly kind: 'dir' } | { readonly kind: 'file' } | { readonly kind: 'link'; readonly target: string };

/** How a location is filled: nothing, a directory, a file, or a link to `TARGETS[target]`. */
export type LocationSpec =
  | { readonly kind: 'none' | 'dir' | 'file' }
  | { readonly kind: 'link'; readonly target: number; readonly absolute: boolean };

/** Locations relative to the base, parents before children. */
export const LOCATIONS = [
  'root/a',
  'root/b',
  'root/a/c',
  'root/a/d',
  'root/b/c',
  'root/a/c/e',
  'outside/a',
  'outside/a/c',
  'root_evil/a',
] as const;
/** Link targets relative to the base: every location plus fixed dirs and missing paths. */
export const TARGETS = [
  ...LOCATIONS,
  'root',
  'outside',
  'root_evil',
  'root/missing',
  'outside/missing',
  'nowhere/x',
] as const;

/** The expected answer of `resolve` for an input, computed without touching the disk. */
export type ModelOutcome =
  | { readonly ok: true; readonly path: string; readonly exists: boolean }
  | { readonly ok: false; readonly reason: string };

type Walk = { readonly ok: true; readonly real: string; readonly node: ModelNode } | { readonly ok: false };

const MAX_LINK_HOPS = 40;
const DIR: ModelNode = { kind: 'dir' };

/**
 * A reference model of a small tree under `base` (`root/`, `outside/`, `root_evil/` plus the
 * generated locations): it is written to disk once, then path resolution is simulated on the
 * model, component by component, following links like the kernel does.
 */
export class ModelTree {
  readonly root: string;
  readonly #nodes = new Map<string, ModelNode>();

  constructor(
    readonly base: string,
    specs: readonly LocationSpec[],
  ) {
    this.root = path.join(base, 'root');
    for (const dir of ['root', 'outside', 'root_evil']) {
      this.#nodes.set(path.join(base, dir), DIR);
    }
    LOCATIONS.forEach((location, index) => {
      const spec = specs[index];
      const absolute = path.join(base, location);
      if (spec === undefined || spec.kind === 'none' || this.#nodes.get(path.dirname(absolute))?.kind !== 'dir') {
        return;
      }
      if (spec.kind === 'link') {
        const targetPath = path.join(base, TARGETS[spec.target] ?? 'nowhere');
        this.#nodes.set(absolute, {
          kind: 'link',
          target: spec.absolute ? targetPath : path.relative(path.dirname(absolute), targetPath) || '.',
        });
      } else {
        this.#nodes.set(absolute, { kind: spec.kind });
      }
    });
  }

  /** Creates the modelled tree on disk (`base` must exist and be empty). */
  write(): void {
    for (const [absolute, node] of this.#nodes) {
      if (node.kind === 'dir') mkdirSync(absolute);
      else if (node.kind === 'file') writeFileSync(absolute, absolute);
      else symlinkSync(node.target, absolute);
    }
  }

  /** What `Workspace.create([{ path: root }]).resolve(input)` must answer. */
  expect(input: string): ModelOutcome {
    if (input.length === 0) return { ok: false, reason: 'empty' };
    const lexical = this.#normalize(input);
    if (!this.#insideRoot(lexical)) return { ok: false, reason: 'outside_roots' };
    const rest: string[] = [];
    let existing = lexical;
    while (!this.#walk(existing, false).ok) {
      rest.unshift(path.basename(existing));
      existing = path.dirname(existing);
    }
    const real = this.#walk(existing, true);
    if (!real.ok) return { ok: false, reason: 'dangling_symlink' };
    const canonical = path.join(real.real, ...rest);
    if (!this.#insideRoot(canonical)) return { ok: false, reason: 'symlink_escape' };
    if (rest.length > 0 && real.node.kind !== 'dir') return { ok: false, reason: 'not_a_directory' };
    return { ok: true, path: canonical, exists: rest.length === 0 };
  }

  /** Lexical normalization written out by hand (no `path.resolve`): relative to the root. */
  #normalize(input: string): string {
    const stack: string[] = [];
    for (const segment of (input.startsWith('/') ? input : `${this.root}/${input}`).split('/')) {
      if (segment === '..') stack.pop();
      else if (segment !== '' && segment !== '.') stack.push(segment);
    }
    return `/${stack.join('/')}`;
  }

  #insideRoot(candidate: string): boolean {
    return candidate === this.root || candidate.startsWith(`${this.root}/`);
  }

  /** `lstat` (`followLast` false) or `realpath` (true) of an absolute path under `base`, on the model. */
  #walk(absolute: string, followLast: boolean): Walk {
    return this.#walkFrom(this.base, path.relative(this.base, absolute).split('/'), followLast, { hops: 0 });
  }

  #walkFrom(start: string, components: readonly string[], followLast: boolean, budget: { hops: number }): Walk {
    let current = start;
    let node: ModelNode = DIR;
    for (const [index, component] of components.entries()) {
      if (node.kind !== 'dir') return { ok: false };
      if (component === '' || component === '.') continue;
      if (component === '..') {
        current = path.dirname(current);
        continue;
      }
      const next = `${current}/${component}`;
      const entry = this.#nodes.get(next);
      if (entry === undefined) return { ok: false };
      if (entry.kind === 'link' && (followLast || index < components.length - 1)) {
        budget.hops += 1;
        if (budget.hops > MAX_LINK_HOPS) return { ok: false };
        const followed = path.isAbsolute(entry.target)
          ? this.#walkFrom(this.base, path.relative(this.base, entry.target).split('/'), true, budget)
          : this.#walkFrom(current, entry.target.split('/'), true, budget);
        if (!followed.ok) return followed;
        ({ real: current, node } = followed);
      } else {
        current = next;
        node = entry;
      }
    }
    return { ok: true, real: current, node };
  }
}
