/*
 * What the package asks of a library's JSON Schema converter, through Standard JSON Schema's
 * `libraryOptions` (vendor-specific by the spec), where its defaults would break the input rules.
 */

/** Flags that change what a pattern matches; ajv always compiles patterns with `u`. */
const MEANINGFUL_FLAGS = /[imsv]/;

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

interface ValibotActionContext {
  readonly valibotAction: { readonly kind?: unknown; readonly type?: unknown; readonly requirement?: unknown };
  readonly jsonSchema: Record<string, unknown>;
  readonly errors?: readonly string[];
}

/**
 * valibot's converter refuses a validation action it cannot write as JSON Schema (`check`,
 * `custom`, a regular expression with flags, ...). Each of them is still checked, by valibot
 * itself after the JSON Schema, so the conversion keeps the rest of the property's schema;
 * a regex with flags leaves no `pattern` (without its flags it would refuse what valibot
 * accepts; a `u` flag alone keeps it, ajv compiles patterns with `u`). Schemas it cannot
 * convert (`date`, `map`, ...) still fail the conversion.
 */
function keepValidationToValibot(context: ValibotActionContext): Record<string, unknown> | undefined {
  const { valibotAction: action, jsonSchema, errors } = context;
  if (errors === undefined || action.kind !== 'validation') return undefined;
  const regex = action.requirement;
  if (
    action.type === 'regex' &&
    regex instanceof RegExp &&
    MEANINGFUL_FLAGS.test(regex.flags) &&
    errors.length === 1 &&
    jsonSchema.pattern === regex.source
  ) {
    return Object.fromEntries(Object.entries(jsonSchema).filter(([key]) => key !== 'pattern'));
  }
  return jsonSchema;
}

interface ZodInternals {
  readonly _zod?: {
    readonly def?: { readonly pattern?: unknown; readonly checks?: readonly ZodInternals[] };
    readonly bag?: { readonly patterns?: unknown };
  };
}

/** The regular expressions of one zod schema: its own (a format schema's), its checks' and its bag's. */
function getZodPatterns(schema: ZodInternals): unknown[] {
  const internals = schema._zod;
  const patterns: unknown[] = [internals?.def?.pattern];
  for (const check of internals?.def?.checks ?? []) patterns.push(check._zod?.def?.pattern);
  const bag = internals?.bag?.patterns;
  if (bag instanceof Set) patterns.push(...(bag as Set<unknown>));
  return patterns;
}

/**
 * zod writes a regular expression's source without its flags (`/abc/i` becomes `abc`), which
 * would refuse what zod accepts. Its `override` hook sees each schema: the patterns of its
 * regular expressions with flags (read where zod's own converter reads them, `_zod.def` and
 * `_zod.bag`) are dropped from the JSON Schema, and zod checks them after it. Should zod's
 * internals move, nothing is found and the pattern stays as zod wrote it (stricter, never looser).
 */
function dropFlaggedZodPatterns(context: {
  readonly zodSchema: unknown;
  readonly jsonSchema: Record<string, unknown>;
}): void {
  const flagged = new Set<string>();
  for (const pattern of getZodPatterns(context.zodSchema as ZodInternals)) {
    if (pattern instanceof RegExp && MEANINGFUL_FLAGS.test(pattern.flags)) flagged.add(pattern.source);
  }
  if (flagged.size === 0) return;
  const { jsonSchema } = context;
  const isFlagged = (schema: unknown): boolean =>
    isRecord(schema) && typeof schema.pattern === 'string' && flagged.has(schema.pattern);
  if (isFlagged(jsonSchema)) delete jsonSchema.pattern;
  if (Array.isArray(jsonSchema.allOf)) {
    const kept: unknown[] = jsonSchema.allOf.filter((member) => !isFlagged(member));
    if (kept.length === 0) delete jsonSchema.allOf;
    else jsonSchema.allOf = kept;
  }
}

const ZOD_OPTIONS: Record<string, unknown> = Object.freeze({ override: dropFlaggedZodPatterns });

const VALIBOT_OPTIONS: Record<string, unknown> = Object.freeze({ overrideAction: keepValidationToValibot });

/** Options for the converters whose defaults would break the rules, by `~standard.vendor`. */
const LIBRARY_OPTIONS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  valibot: VALIBOT_OPTIONS,
  zod: ZOD_OPTIONS,
};

/**
 * The `libraryOptions` (if any) for converting a schema of `vendor`: valibot keeps what it can
 * write of a validation action it cannot (`check`, a regex with flags); zod drops the patterns
 * of regular expressions with flags (it writes them without). Both leave those checks to the
 * library's own `validate`, which runs after the JSON Schema.
 * @internal
 */
export function getConverterOptions(vendor: string): { readonly libraryOptions?: Readonly<Record<string, unknown>> } {
  const libraryOptions = LIBRARY_OPTIONS[vendor];
  return libraryOptions === undefined ? {} : { libraryOptions };
}
