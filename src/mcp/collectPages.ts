/** At most this many pages of one listing: a server that never ends its cursor chain stops here. */
const MAX_PAGES = 1000;

/** One page of an MCP listing. */
export interface McpPage {
  readonly nextCursor?: string | undefined;
}

/** Every item of a paginated MCP listing (`tools/list`, `resources/list`, `prompts/list`). */
export async function collectPages<P extends McpPage, T>(
  fetchPage: (params: { cursor?: string }) => Promise<P>,
  itemsOf: (page: P) => readonly T[],
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await fetchPage(cursor === undefined ? {} : { cursor });
    items.push(...itemsOf(result));
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return items;
}
