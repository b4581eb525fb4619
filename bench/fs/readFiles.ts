import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** Identical copies of each read file, read in turn: more than our decoded-text cache keeps (8). */
export const READ_COPIES = 12;
/** `fs_read_file` hashes a file changed within the last second (read-before-write); files here are older, as most are. */
export const SETTLE_MS = 1100;
/** The read sizes of the filesystem and MCP benches: label, file name stem, bytes. */
export const READ_SIZES = [
  ['64 KiB', '64k', 64 * 1024],
  ['1 MiB', '1m', 1024 * 1024],
] as const;

/** About `bytes` of text in lines of 64 characters (63 + LF). */
export function textOfSize(bytes: number): string {
  const line = 'const value = "the quick brown fox jumps over the lazy dog"; // 64';
  return `${line.slice(0, 63)}\n`.repeat(Math.ceil(bytes / 64)).slice(0, bytes);
}

/** The names of `count` copies of a file: `<stem>-1.txt` ... */
export function copyNames(stem: string, count: number = READ_COPIES): string[] {
  return Array.from({ length: count }, (_, index) => `${stem}-${index + 1}.txt`);
}

/** Writes `count` copies of `textOfSize(bytes)` into `root`; returns their names. */
export function writeCopies(root: string, stem: string, bytes: number, count: number = READ_COPIES): string[] {
  const names = copyNames(stem, count);
  const text = textOfSize(bytes);
  for (const name of names) writeFileSync(path.join(root, name), text);
  return names;
}
