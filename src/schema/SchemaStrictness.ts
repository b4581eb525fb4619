/** Whether the executor compiles a tool's input schema in ajv strict mode. */
export type SchemaStrictness = 'strict' | 'lenient';
