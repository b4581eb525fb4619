/** Options of {@link Resource}. */
export interface ResourceOptions {
  /** Its address (`file:///logs/app.log`, `config://app`): what `resources/read` takes. */
  readonly uri: string;
  /** A short name a client lists. */
  readonly name: string;
  /** A title a client shows a person. */
  readonly title?: string;
  /** What it holds. */
  readonly description?: string;
  /** Its media type (`text/plain`, `image/png`); a string `read()` answers is sent with it. */
  readonly mimeType?: string;
}
