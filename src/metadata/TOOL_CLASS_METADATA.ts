/** The one reflect-metadata key under which a tool class's {@link ToolClassMetadata} lives. */
export const TOOL_CLASS_METADATA: unique symbol = Symbol.for('agentkit-tools-core/ToolClassMetadata');
