/** Options of {@link ResourceTemplate}. */
export interface ResourceTemplateOptions {
  /** An RFC 6570 URI template (`test://items/{id}`): the URIs it serves. */
  readonly uriTemplate: string;
  /** A short name a client lists. */
  readonly name: string;
  /** A title a client shows a person. */
  readonly title?: string;
  /** What its resources hold. */
  readonly description?: string;
  /** Their media type; a string `read()` answers is sent with it. */
  readonly mimeType?: string;
}
