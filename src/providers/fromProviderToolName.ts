/** The tool's own name for a name the model sent back: `__` becomes `.` (see `toProviderToolName`). */
export function fromProviderToolName(name: string): string {
  return name.replaceAll('__', '.');
}
