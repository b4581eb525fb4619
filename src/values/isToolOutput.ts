import type { ContentPart, FileRef } from './ContentPart.js';
import type { ToolOutput } from './ToolOutput.js';

const MODALITIES = new Set(['image', 'audio', 'video', 'binary']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOnlyKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  return Object.keys(value).every((key) => allowed.has(key));
}

const FILE_KEYS = new Set(['type', 'uri', 'mimeType', 'name', 'size']);
const TEXT_KEYS = new Set(['type', 'text']);
const JSON_PART_KEYS = new Set(['type', 'value', 'schema']);
const MEDIA_KEYS = new Set(['type', 'mimeType', 'data', 'modality']);
const RESOURCE_KEYS = new Set(['type', 'uri', 'mimeType', 'text', 'blob']);
const STRUCTURED_KEYS = new Set(['type', 'value']);
const PARTS_KEYS = new Set(['type', 'parts']);
const FILES_KEYS = new Set(['type', 'files']);

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

export function isFileRef(value: unknown): value is FileRef {
  return (
    isRecord(value) &&
    typeof value.uri === 'string' &&
    isOptionalString(value.mimeType) &&
    isOptionalString(value.name) &&
    (value.size === undefined || (typeof value.size === 'number' && value.size >= 0))
  );
}

/**
 * True when `value` has exactly the shape of a {@link ContentPart}.
 * @internal
 */
export function isContentPart(value: unknown): value is ContentPart {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string' && hasOnlyKeys(value, TEXT_KEYS);
    case 'json':
      return 'value' in value && hasOnlyKeys(value, JSON_PART_KEYS);
    case 'file':
      return isFileRef(value) && hasOnlyKeys(value, FILE_KEYS);
    case 'media':
      return (
        typeof value.mimeType === 'string' &&
        typeof value.data === 'string' &&
        typeof value.modality === 'string' &&
        MODALITIES.has(value.modality) &&
        hasOnlyKeys(value, MEDIA_KEYS)
      );
    case 'resource':
      // Exactly one of `text` and `blob`.
      return (
        typeof value.uri === 'string' &&
        isOptionalString(value.mimeType) &&
        (typeof value.text === 'string') !== (typeof value.blob === 'string') &&
        isOptionalString(value.text) &&
        isOptionalString(value.blob) &&
        hasOnlyKeys(value, RESOURCE_KEYS)
      );
    default:
      return false;
  }
}

/**
 * True when `value` has exactly the shape of a {@link ToolOutput}. A plain object returned by
 * a tool counts as a ToolOutput only when this holds; anything else is structured data.
 */
export function isToolOutput(value: unknown): value is ToolOutput {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string' && hasOnlyKeys(value, TEXT_KEYS);
    case 'structured':
      return 'value' in value && hasOnlyKeys(value, STRUCTURED_KEYS);
    case 'parts':
      return Array.isArray(value.parts) && value.parts.every(isContentPart) && hasOnlyKeys(value, PARTS_KEYS);
    case 'files':
      return Array.isArray(value.files) && value.files.every(isFileRef) && hasOnlyKeys(value, FILES_KEYS);
    default:
      return false;
  }
}
