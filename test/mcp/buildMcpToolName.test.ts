import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isToolName } from '../../src/index.js';
import { buildMcpToolName } from '../../src/mcp/index.js';

describe(buildMcpToolName.name, () => {
  it('keeps -, lowercases letters and turns other characters into _', () => {
    expect(buildMcpToolName('GitHub', 'Search-Issues v2!')).toBe('mcp_github_search-issues_v2');
  });

  it('joins runs of separators so the name stays valid', () => {
    expect(buildMcpToolName('a..b', '__x--y__')).toBe('mcp_a_b_x-y');
  });

  it('cuts a long name and ends it with a hash, keeping distinct tools distinct', () => {
    const first = buildMcpToolName('server', `${'long'.repeat(20)}_a`);
    const second = buildMcpToolName('server', `${'long'.repeat(20)}_b`);

    expect(first).toMatch(/^mcp_server_(long)+l?o?n?g?_[0-9a-f]{8}$/u);
    expect(first.length).toBe(64);
    expect(first).not.toBe(second);
  });

  it('hashes a tool name that sanitizes to nothing', () => {
    expect(buildMcpToolName('s', '日本')).toMatch(/^mcp_s_[0-9a-f]{8}$/u);
  });

  it('always builds a valid tool name, deterministically', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (server, tool) => {
        const name = buildMcpToolName(server, tool);
        return isToolName(name) && name === buildMcpToolName(server, tool);
      }),
    );
  });
});
