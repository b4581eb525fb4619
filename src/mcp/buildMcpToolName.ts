import { createHash } from 'node:crypto';
import { toToolName, type ToolName } from '../index.js';
import { TOOL_NAME_MAX_LENGTH } from '../internal/index.js';

const HASH_LENGTH = 8;

/** Lowercases ASCII letters, keeps digits and `-`, turns anything else into `_`. */
function sanitize(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]/gu, '_');
}

/** Joins runs of separators into their first one and trims them at both ends. */
function tidy(value: string): string {
  return value.replace(/([_.-])[_.-]+/gu, '$1').replace(/^[_.-]+|[_.-]+$/gu, '');
}

/**
 * The registry name of remote tool `tool` on server `serverId`: `mcp_<id>_<tool>`, sanitized to
 * a valid ToolName (lowercase, `-` kept, every other character `_`, runs of separators joined).
 * A name longer than the limit, or one whose tool part sanitizes to nothing, is cut and ends
 * with `_` and 8 hex digits of the SHA-256 of `serverId/tool`, so distinct tools stay distinct.
 */
export function buildMcpToolName(serverId: string, tool: string): ToolName {
  const server = tidy(sanitize(serverId)) || 'server';
  const local = tidy(sanitize(tool));
  const name = tidy(`mcp_${server}_${local}`);
  if (local !== '' && name.length <= TOOL_NAME_MAX_LENGTH) return toToolName(name);
  const hash = createHash('sha256').update(`${serverId}/${tool}`).digest('hex').slice(0, HASH_LENGTH);
  const head = tidy(name.slice(0, TOOL_NAME_MAX_LENGTH - HASH_LENGTH - 1));
  return toToolName(`${head}_${hash}`);
}
