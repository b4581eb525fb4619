/**
 * The `globalThis` key of the set of every class `@Tool` has decorated. A registered symbol,
 * so a second copy of this package in the process (two versions side by side, a bundled
 * one) reads and writes the same set: a tool class one copy decorates, the other discovers.
 * The value stays a plain `Set` of classes, so copies of different versions agree on it.
 */
export const TOOL_CLASS_REGISTRY: unique symbol = Symbol.for('agentkit-tools-core/ToolClassRegistry');
