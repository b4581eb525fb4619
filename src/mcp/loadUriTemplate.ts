import { createRequire } from 'node:module';
import type { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { buildMcpSdkMissingError, isMcpSdkMissing } from './importMcpSdk.js';

let loaded: typeof UriTemplate | undefined;

/**
 * The SDK's `UriTemplate` (RFC 6570), loaded on first use: `@ResourceTemplate` parses its
 * template when the class is decorated, synchronously, so the SDK's CommonJS build of that one
 * module is required (it imports nothing): the rest of the SDK loads only with a server or client.
 * @param subject what needs it, for the error (e.g. `@ResourceTemplate`).
 * @throws ToolConfigurationError when the SDK (an optional peer) is not installed.
 */
export function loadUriTemplate(subject: string): typeof UriTemplate {
  try {
    loaded ??= (
      createRequire(import.meta.url)('@modelcontextprotocol/sdk/shared/uriTemplate.js') as {
        UriTemplate: typeof UriTemplate;
      }
    ).UriTemplate;
  } catch (error) {
    if (isMcpSdkMissing(error)) throw buildMcpSdkMissingError(subject, error);
    throw error;
  }
  return loaded;
}
