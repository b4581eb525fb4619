import { BasePermissionRequest, type JsonValue, type MetadataMap, type PolicySubjects } from '../index.js';
import { quoteForDisplay, type PathSubject } from '../internal/index.js';

/** The request kinds of the filesystem tools. */
export type FileSystemRequestKind =
  'fs.read' | 'fs.list' | 'fs.write' | 'fs.edit' | 'fs.delete' | 'fs.move' | 'fs.mkdir';

/** What a filesystem request carries besides its kind and target. */
export interface FileSystemRequestDetails {
  /** Every canonical path the request touches (both ends of a move). Default `[target]`. */
  readonly paths?: readonly string[];
  /** The target (or any touched path) is protected: checkers ask even where a policy allows. */
  readonly protected?: boolean;
  /** A recursive delete or walk: its own detail so that policies can ask for it. */
  readonly recursive?: boolean;
  /**
   * The file read has more than one hard link, so it may be a window onto a file outside the
   * roots: checkers ask even where a policy allows, unless a rule names the path.
   */
  readonly hardLinked?: boolean;
  /** Further facts for the person approving (byte counts, entry counts, ...). */
  readonly facts?: { readonly [key: string]: JsonValue };
}

/** Metadata keys the request sets itself. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['paths', 'protected', 'recursive', 'hardLinked']);

const VERBS: Readonly<Record<FileSystemRequestKind, string>> = {
  'fs.read': 'read',
  'fs.list': 'list',
  'fs.write': 'write',
  'fs.edit': 'edit',
  'fs.delete': 'delete',
  'fs.move': 'move',
  'fs.mkdir': 'create directory',
};

/** The kinds that only read; every other kind changes the workspace. */
const READS: ReadonlySet<FileSystemRequestKind> = new Set(['fs.read', 'fs.list']);

/**
 * A side effect of a filesystem tool, described before it happens. `target` is the canonical
 * path a person reads first. Its `policySubjects()` list every canonical path touched (both
 * ends of a move), each with its access (`read` for `fs.read` and `fs.list`, `write` for the
 * rest) and the protected and hard-link flags: what the core's checkers judge. `metadata`
 * repeats them for people (`paths`, `protected`, `hardLinked`, `recursive`).
 */
export class FileSystemPermissionRequest extends BasePermissionRequest {
  /** For people: the request's facts plus `paths`, `protected`, `hardLinked` and `recursive`. */
  public override readonly metadata: MetadataMap;
  readonly #subjects: PolicySubjects;

  /**
   * @param kind - the operation (`fs.read`, `fs.write`, ...).
   * @param target - the canonical path it acts on.
   * @param details - further paths, flags and facts.
   * @param description - what `summary()` says instead of the default.
   */
  public constructor(
    /** The operation (`fs.read`, `fs.write`, ...). */
    public readonly kind: FileSystemRequestKind,
    /** The canonical path the operation acts on. */
    public override readonly target: string,
    details: FileSystemRequestDetails = {},
    private readonly description?: string,
  ) {
    super();
    // Facts never set the keys checkers read.
    const facts = Object.fromEntries(Object.entries(details.facts ?? {}).filter(([key]) => !RESERVED_KEYS.has(key)));
    this.metadata = Object.freeze({
      ...facts,
      paths: Object.freeze([...(details.paths ?? [target])]),
      ...(details.protected === true ? { protected: true } : {}),
      ...(details.recursive === true ? { recursive: true } : {}),
      ...(details.hardLinked === true ? { hardLinked: true } : {}),
    });
    const access = READS.has(kind) ? 'read' : 'write';
    const flags = {
      ...(details.protected === true ? { protected: true } : {}),
      ...(details.hardLinked === true ? { hardLinked: true } : {}),
    };
    const paths = [...new Set([target, ...(details.paths ?? [])])];
    this.#subjects = Object.freeze({
      paths: Object.freeze(paths.map((path): PathSubject => Object.freeze({ path, access, ...flags }))),
    });
  }

  /** Every path touched, with its access and the protected and hard-link flags. */
  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }

  /** One line for the person deciding: the operation and the path. */
  public summary(): string {
    const flags = [
      this.metadata['recursive'] === true ? 'recursively' : '',
      this.metadata['protected'] === true ? '(protected path)' : '',
      this.metadata['hardLinked'] === true
        ? '(hard-linked: the file has other names, maybe outside the workspace)'
        : '',
    ]
      .filter((flag) => flag !== '')
      .join(' ');
    // A file name is anyone's text: on one line, nothing in it hidden (the raw path stays in `target`).
    const what = quoteForDisplay(
      this.description ?? `${VERBS[this.kind]} ${this.target}`,
      Number.POSITIVE_INFINITY,
      'line',
    );
    return flags === '' ? what : `${what} ${flags}`;
  }
}
