import { createRequire } from 'node:module';
import type * as ClassTransformer from 'class-transformer';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage.js';
import type * as ClassValidator from 'class-validator';
import type * as ClassValidatorJsonSchema from 'class-validator-jsonschema';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';

/**
 * The libraries behind DTO inputs (class-validator, class-transformer and its metadata
 * storage, class-validator-jsonschema), loaded the first time a DTO class is met: a host whose
 * tools all declare JSON Schema never loads them (with validator and libphonenumber-js, about
 * 370 files at start-up), and need not install them (they are optional peers).
 */
export interface DtoLibraries {
  readonly validator: typeof ClassValidator;
  readonly transformer: typeof ClassTransformer;
  /** The CommonJS copy of class-transformer's storage: the one Node loads and `@Type` writes to. */
  readonly transformerStorage: MetadataStorage;
  readonly jsonSchema: typeof ClassValidatorJsonSchema;
}

/** The packages a DTO input needs, as a user installs them. */
const DTO_PACKAGES = 'class-validator class-transformer class-validator-jsonschema';

let loaded: DtoLibraries | undefined;

function isModuleNotFound(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND';
}

/**
 * The DTO libraries, required synchronously on first use (all three are CommonJS, so a
 * decorator can load them when it runs; the copies are the ones an `import` of them gives).
 * @param subject who needs them, for the error (e.g. `class EchoTool`).
 * @throws ToolDefinitionError when one is not installed, saying what to install.
 */
export function getDtoLibraries(subject: string): DtoLibraries {
  if (loaded !== undefined) return loaded;
  const require = createRequire(import.meta.url);
  try {
    loaded = {
      validator: require('class-validator') as typeof ClassValidator,
      transformer: require('class-transformer') as typeof ClassTransformer,
      transformerStorage: (require('class-transformer/cjs/storage.js') as { defaultMetadataStorage: MetadataStorage })
        .defaultMetadataStorage,
      jsonSchema: require('class-validator-jsonschema') as typeof ClassValidatorJsonSchema,
    };
  } catch (error) {
    if (!isModuleNotFound(error)) throw error;
    throw new ToolDefinitionError(
      subject,
      `a DTO class input (or @JSONSchema) needs ${DTO_PACKAGES}, and one of them is not installed (${(error as Error).message.split('\n')[0] ?? ''}).`,
      `Install them (\`npm install ${DTO_PACKAGES}\`), or declare the input as a JSON Schema object.`,
      { cause: error },
    );
  }
  return loaded;
}
