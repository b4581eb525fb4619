/**
 * `5234` -> `5,234`: counts the model reads (the core's rendering and the provider adapters
 * write them the same way).
 * @internal
 */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
