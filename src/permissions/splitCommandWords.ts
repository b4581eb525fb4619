/** Splits command text into words on any run of whitespace, ignoring leading and trailing space. */
export function splitCommandWords(text: string): readonly string[] {
  return text.split(/\s+/u).filter((word) => word !== '');
}
