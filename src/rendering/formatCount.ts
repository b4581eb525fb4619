/** `5234` -> `5,234`: counts the model reads. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
