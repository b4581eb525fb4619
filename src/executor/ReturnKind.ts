/**
 * What a tool's body resolves to, by the method the executor called: `invokeValue`'s raw value,
 * `invoke`'s ToolResult, or `invokeOutcome`'s outcome.
 */
export type ReturnKind = 'value' | 'result' | 'outcome';
