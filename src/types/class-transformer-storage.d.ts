// The CommonJS copy of class-transformer's metadata storage is the one Node loads (and the one
// `@Type` writes to); its package ships no declaration for this deep path.
declare module 'class-transformer/cjs/storage.js' {
  import type { MetadataStorage } from 'class-transformer/types/MetadataStorage.js';
  export const defaultMetadataStorage: MetadataStorage;
}
