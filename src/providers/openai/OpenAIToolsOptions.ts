/** Options of `toOpenAIChatTools` and `toOpenAIResponsesTools`. */
export interface OpenAIToolsOptions {
  /**
   * Declare tools in strict mode (Structured Outputs): the model's arguments always match the
   * declared schema. Schemas are rewritten to strict form (see `buildStrictSchema`); a tool whose
   * schema has no strict form is declared with `strict: false` and its schema as authored.
   * Pass the same specs to `fromOpenAIToolCall` so the `null`s strict mode sends for absent
   * optional properties are removed. Default `false`: schemas as authored.
   */
  readonly strict?: boolean;
}
