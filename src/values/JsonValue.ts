/** A JSON object: string keys, JSON values, read-only. */
export interface JsonObject {
  /** Every property holds a JSON value. */
  readonly [key: string]: JsonValue;
}

/**
 * A value that survives `JSON.stringify` / `JSON.parse` unchanged: a string, a finite number, a
 * boolean, `null`, an array of JSON values or a {@link JsonObject}.
 */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;

/**
 * A JSON array.
 * @internal
 */
export type JsonArray = readonly JsonValue[];

/** Free-form, serializable metadata attached to specs, requests and results. */
export type MetadataMap = Readonly<Record<string, JsonValue>>;
