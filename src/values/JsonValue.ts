/** A value that survives `JSON.stringify` / `JSON.parse` unchanged. */
export type JsonPrimitive = string | number | boolean | null;
export type JsonArray = readonly JsonValue[];
export interface JsonObject {
  readonly [key: string]: JsonValue;
}
export type JsonValue = JsonPrimitive | JsonArray | JsonObject;

/** Free-form, serializable metadata attached to specs, requests and results. */
export type MetadataMap = Readonly<Record<string, JsonValue>>;
