import { createRequire } from 'node:module';
import type { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';

let loaded: typeof UriTemplate | undefined;

/**
 * The SDK's `UriTemplate` (RFC 6570), loaded on first use: `@ResourceTemplate` parses its
 * template when the class is decorated, synchronously, so the SDK's CommonJS build of that one
 * module is required (it imports nothing): the rest of the SDK loads only with a server or client.
 */
export function loadUriTemplate(): typeof UriTemplate {
  loaded ??= (
    createRequire(import.meta.url)('@modelcontextprotocol/sdk/shared/uriTemplate.js') as {
      UriTemplate: typeof UriTemplate;
    }
  ).UriTemplate;
  return loaded;
}
